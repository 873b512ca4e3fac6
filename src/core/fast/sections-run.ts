import * as economy from "../economy/sections.js";
import type { TurnEvent } from "../turn-order/types.js";
import { named } from "../turn-order/sections/combatant.js";
import { copyState, marked } from "../turn-order/sections/copies.js";
import { sectionsEngine } from "../turn-order/sections/engine.js";
import { mayAct, settle } from "../turn-order/sections/order.js";
import type { SectionsCombatant, SectionsCommand, SectionsState } from "../turn-order/sections/types.js";
import { FastRun } from "./fast-run.js";

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Working = Omit<Mutable<SectionsState>, "combatants"> & { combatants: Mutable<SectionsCombatant>[] };

/**
 * The sections order driven fast. The commands a fight sends (act, draw, spend, endTurn, remove) are done here with
 * the engine's rules (mayAct, the turn economy, and settle for what follows a turn's end or a removal) when apply
 * would accept them.
 */
export class SectionsFastRun extends FastRun<SectionsState, Working, SectionsCommand> {
  /** settle's events, never read: emptied now and then. */
  private readonly ev: TurnEvent[] = [];

  private constructor(state: Working) {
    super(state, sectionsEngine);
  }

  /** A run on a working copy of `state`, a state the engine made or accepts (it is never changed). */
  static of(state: SectionsState): SectionsFastRun {
    return new SectionsFastRun(working(state));
  }

  /**
   * Only a well-formed command for a combatant still in the fight is done here; the rest, junk included, is apply's.
   */
  protected fast(cmd: SectionsCommand): null | undefined {
    const s = this.s;
    const live = typeof cmd === "object" && cmd !== null && s.result === null;
    /* eslint-disable @typescript-eslint/no-unnecessary-type-assertion -- tsc needs it: named() gives a readonly one */
    const c = live
      ? (named(s, (cmd as { combatant?: unknown }).combatant) as Mutable<SectionsCombatant> | undefined)
      : undefined;
    /* eslint-enable @typescript-eslint/no-unnecessary-type-assertion */
    if (c === undefined || c.out) return undefined;
    const turn = s.acting === c.id ? s.turn : null;
    switch (cmd.type) {
      case "act":
        if (s.acting !== null || !c.able || c.mark !== "waiting" || !mayAct(s, c)) break;
        s.acting = c.id;
        s.turn = economy.FRESH_TURN;
        return null;
      case "draw": {
        const next = turn === null ? null : economy.draw(turn);
        if (next === null || "ok" in next) break;
        s.turn = next;
        return null;
      }
      case "spend": {
        const phase: unknown = cmd.phase;
        const action: unknown = cmd.action;
        if (turn === null || typeof phase !== "string" || typeof action !== "string") break;
        // A card's grant (SEC-06) or a Block's border (SEC-42) is apply's: only the plain spend is done here.
        if (cmd.grant !== undefined || "border" in cmd || "from" in cmd) break;
        const next = economy.spend(turn, phase as economy.SectionsPhase, action);
        if ("ok" in next) break;
        s.turn = next;
        return null;
      }
      case "endTurn":
        if (turn === null || turn.step === "draw") break;
        this.cutTurn(c);
        this.settle();
        return null;
      case "remove":
        // A blocker's removal lowers its Block (SEC-44): apply's.
        if (s.blocks.some((b) => b.blocker === c.id)) break;
        if (s.acting === c.id) this.cutTurn(c);
        c.out = true;
        this.settle();
        return null;
    }
    return undefined;
  }

  protected own(state: SectionsState): Working {
    return working(state);
  }

  /** The acting combatant's turn is over (endTurn, or cutTurn in commands/gm.ts): marked as having acted. */
  private cutTurn(c: Mutable<SectionsCombatant>): void {
    this.s.acting = null;
    this.s.turn = null;
    c.mark = "acted";
  }

  /**
   * The engine's own settle: the same state when someone may act (the usual case), else a new one built from
   * copies of the run's state, which the run then holds (nothing in it is anyone else's).
   */
  private settle(): void {
    const next = settle(this.s, this.ev);
    // The events are never read: the list is emptied only once it has grown (emptying it also drops its room,
    // which the next push then allocates again).
    if (this.ev.length > 64) this.ev.length = 0;
    if (next !== this.s) this.s = next as Working;
  }
}

/** A working copy: the state and each combatant one literal of their own, in the engine's field order. */
function working(s: SectionsState): Working {
  const n = copyState(s) as Working;
  n.combatants = s.combatants.map((c) => marked(c, c.mark));
  return n;
}
