import * as economy from "../../economy/sections.js";
import { QuickRun } from "../shared/quick-run.js";
import type { TurnEvent } from "../types.js";
import { named } from "./combatant.js";
import { copyState, marked } from "./copies.js";
import { sectionsEngine } from "./engine.js";
import { mayAct, settle } from "./order.js";
import type { SectionsCombatant, SectionsCommand, SectionsState } from "./types.js";

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Working = Omit<Mutable<SectionsState>, "combatants"> & { combatants: Mutable<SectionsCombatant>[] };

/**
 * The sections order driven for the simulator: the same commands as sectionsEngine.apply, on a private working copy
 * of the state changed in place, with no events and no new state per command. The commands a fight sends (act, draw,
 * spend, endTurn, remove), when apply would accept them, are done here with the engine's own rules (mayAct, the
 * turn economy, and settle for what follows a turn's end or a removal); anything else, refusals included, goes
 * through apply itself on the working copy, so a refusal reads exactly as apply's. A property test
 * (test/core/turn-order/sections/sections-quick-run.test.ts) holds the two to the same states, command by command.
 */
export class SectionsQuickRun extends QuickRun<SectionsState, Working, SectionsCommand, Mutable<SectionsCombatant>> {
  /** settle's events, never read: emptied after each use. */
  private readonly ev: TurnEvent[] = [];
  /**
   * The acting combatant's turn budget, the run's own: a draw and a spend change it in place (economy drawIn and
   * spendIn, the rules draw and spend run on a copy) instead of making a new budget each. It stands in the working
   * state only; a budget from anywhere else (FRESH_TURN, a resumed state's, apply's) is copied into it first.
   */
  private readonly budget: economy.OwnBudget = { ...economy.FRESH_TURN };

  constructor(state: SectionsState) {
    super(state, sectionsEngine, working);
  }

  /** Only a well-formed command for a combatant still in the fight is done here; the rest, junk included, is apply's. */
  protected who(cmd: SectionsCommand): Mutable<SectionsCombatant> | undefined {
    const live = typeof cmd === "object" && cmd !== null && this.s.result === null;
    const who = live ? named(this.s, (cmd as { combatant?: unknown }).combatant) : undefined;
    return who === undefined || who.out ? undefined : (who as Mutable<SectionsCombatant>);
  }

  protected fast(cmd: SectionsCommand, c: Mutable<SectionsCombatant>): boolean {
    const s = this.s;
    const turn = s.acting === c.id ? s.turn : null;
    switch (cmd.type) {
      case "act":
        if (s.acting !== null || !c.able || c.mark !== "waiting" || !mayAct(s, c)) break;
        s.acting = c.id;
        s.turn = economy.FRESH_TURN;
        return true;
      case "draw": {
        const own = turn === null ? null : this.own(turn);
        if (own === null || economy.drawIn(own) !== null) break;
        s.turn = own;
        return true;
      }
      case "spend": {
        const phase: unknown = cmd.phase;
        const action: unknown = cmd.action;
        if (turn === null || typeof phase !== "string" || typeof action !== "string") break;
        // A card's grant (SEC-06) or a Block's border (SEC-42) is apply's: only the plain spend is done here.
        if (cmd.grant !== undefined || "border" in cmd || "from" in cmd) break;
        const own = this.own(turn);
        if (own === null || economy.spendIn(own, phase as economy.SectionsPhase, action) !== null) break;
        s.turn = own;
        return true;
      }
      case "endTurn":
        if (turn === null || turn.step === "draw") break;
        this.cutTurn(c);
        this.settle();
        return true;
      case "remove":
        // A blocker's removal lowers its Block (SEC-44): apply's.
        if (s.blocks.some((b) => b.blocker === c.id)) break;
        if (s.acting === c.id) this.cutTurn(c);
        c.out = true;
        this.settle();
        return true;
    }
    return false;
  }

  /**
   * The run's own budget holding `turn`'s values (itself when it already is the run's), or null for a budget with
   * pending grants (SEC-06), which is left to the copying rules. A refused step leaves it with `turn`'s values.
   */
  private own(turn: economy.SectionsTurnBudget): economy.OwnBudget | null {
    const b = this.budget;
    if (turn === b) return b;
    if (turn.grants !== undefined) return null;
    b.step = turn.step;
    b.innateMoveUsed = turn.innateMoveUsed;
    b.grantedMoves = turn.grantedMoves;
    b.strategy = turn.strategy;
    b.action = turn.action;
    return b;
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
    // The events are never read: the list is emptied only once it has grown (emptying it is a call into the runtime
    // that also drops its room, which the next push then allocates again).
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
