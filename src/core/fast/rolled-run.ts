import { FRESH_TURN, spendAction } from "../economy/strain.js";
import type { Refusal } from "../shared/outcome.js";
import type { Roller } from "../shared/roller.js";
import { dueAfterChange, endFight, ROUND_OVER, startRound } from "../turn-order/rolled/commands/round.js";
import { make, marked } from "../turn-order/rolled/copies.js";
import { rolledEngine } from "../turn-order/rolled/engine.js";
import { nextPlace, nextUp } from "../turn-order/rolled/places.js";
import type { RolledCombatant, RolledCommand, RolledSetup, RolledState } from "../turn-order/rolled/types.js";
import { FastRun } from "./fast-run.js";
import { LastNamed } from "./last-named.js";

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Working = Omit<Mutable<RolledState>, "combatants"> & { combatants: Mutable<RolledCombatant>[] };

/**
 * The rolled order (strain) driven fast. The commands a fight sends most (act, the Action, endTurn, setAble,
 * remove) are done here with the engine's rules (nextUp, spendAction, dueAfterChange, startRound, endFight)
 * when apply would accept them. A turn's three steps can also go with no command at all (actNext, takeAction,
 * endTurnNow), for whoever is up or acting.
 */
export class RolledFastRun extends FastRun<RolledState, Working, RolledCommand> {
  private readonly named = new LastNamed<Mutable<RolledCombatant>>();
  /** The place of the one taking its turn when actNext started it, else -1 (checked against the state before use). */
  private at = -1;

  private constructor(state: Working) {
    super(state, rolledEngine);
  }

  /** A run on a working copy of `state`, a state the engine made or accepts (it is never changed). */
  static of(state: RolledState): RolledFastRun {
    return new RolledFastRun(working(state));
  }

  /**
   * The run of the fight rolledEngine.start(setup, roller) starts, or start's refusal. Start builds its state and
   * combatants afresh from the setup (the same dice), so the run works on that state itself, with no copy.
   */
  static started(setup: RolledSetup, roller: Roller): RolledFastRun | Refusal {
    const o = rolledEngine.start(setup, roller);
    return o.ok ? new RolledFastRun(o.state as Working) : o;
  }

  /**
   * Only a well-formed command for a combatant still in the fight is done here; the rest, junk included, is apply's.
   */
  protected fast(cmd: RolledCommand): null | undefined {
    const s = this.s;
    const c = this.named.find(s, cmd);
    if (c === undefined) return undefined;
    switch (cmd.type) {
      case "act":
        if (nextUp(s) !== c) break;
        s.acting = c.id;
        s.turn = FRESH_TURN;
        return null;
      case "endTurn":
        if (s.acting !== c.id) break;
        this.closeTurn(c, false);
        return null;
      case "spend": {
        const lost = c.stunned > 0; // STR-57 ruling: apply refuses a Stunned character's Action.
        if (cmd.action !== "action" || s.round === 0 || s.acting !== c.id || s.turn === null || !c.able || lost) break;
        if (
          (cmd.name !== undefined && typeof cmd.name !== "string") ||
          (cmd.moveAfter !== undefined && typeof cmd.moveAfter !== "boolean")
        )
          break;
        const turn = spendAction(s.turn, cmd.moveAfter === true);
        if ("ok" in turn) break;
        s.turn = turn;
        return null;
      }
      case "setAble":
        if (typeof cmd.able !== "boolean" || cmd.able === c.able) break;
        c.able = cmd.able;
        this.afterChange(true);
        return null;
      case "remove":
        c.out = true;
        if (s.acting === c.id) this.closeTurn(c, true);
        else this.afterChange(true);
        return null;
    }
    return undefined;
  }

  protected own(state: RolledState): Working {
    return working(state);
  }

  /**
   * act for whoever is up (STR-03, upNow): apply's act, with nobody named and so nobody looked up. The one now taking
   * its turn, or null, nothing changed, when someone is acting already, nobody is up or the combat is over (the
   * caller then sends its act command, and apply decides).
   */
  actNext(): RolledCombatant | null {
    const s = this.s;
    if (s.ended || s.acting !== null) return null;
    const i = nextPlace(s);
    if (i < 0) return null;
    const c = s.combatants[i] as Mutable<RolledCombatant>;
    s.acting = c.id;
    s.turn = FRESH_TURN;
    this.at = i;
    return c;
  }

  /**
   * The Action (STR-10) of the one taking its turn: apply's spend of the "action" (named, moveAfter left out). True
   * when done here; false, nothing changed, when apply must decide (the caller then sends its command).
   */
  takeAction(): boolean {
    const s = this.s;
    const c = this.taking();
    if (c === null || s.round === 0 || s.turn === null || !c.able || c.stunned > 0) return false;
    const turn = spendAction(s.turn, false);
    if ("ok" in turn) return false;
    s.turn = turn;
    return true;
  }

  /** endTurn of the one taking its turn, as apply does it: true when done here, false (nothing changed) for apply. */
  endTurnNow(): boolean {
    const c = this.taking();
    if (c === null) return false;
    this.closeTurn(c, false);
    return true;
  }

  /** The one taking its turn, when actNext started it and it is still in the fight, else null. */
  private taking(): Mutable<RolledCombatant> | null {
    const s = this.s;
    if (s.ended || s.acting === null || this.at < 0) return null;
    const c = s.combatants[this.at];
    return c !== undefined && c.id === s.acting && !c.out ? c : null;
  }

  /** As closeTurn in commands/round.ts: the round goes on from the place after `c`. */
  private closeTurn(c: Mutable<RolledCombatant>, standingChanged: boolean): void {
    const s = this.s;
    s.acting = null;
    s.turn = null;
    if (c.stunned > 0) c.stunned -= 1; // STR-57 ruling, as apply's closeTurn.
    s.turnAt = (this.at >= 0 && s.combatants[this.at] === c ? this.at : s.combatants.indexOf(c)) + 1;
    this.at = -1;
    this.afterChange(standingChanged);
  }

  /** As afterChange in commands/round.ts: the fight ends or a new round starts, as due. */
  private afterChange(standingChanged: boolean): void {
    const s = this.s;
    const due = dueAfterChange(s, standingChanged);
    if (due === null) return;
    if (due === ROUND_OVER) startRound(s);
    else endFight(s, "sideDown", due);
  }
}

/** A working copy: the state and each combatant one literal of their own, in the engine's field order. */
function working(s: RolledState): Working {
  const combatants = s.combatants.map((c) => marked(c, c.delayed, c.able, c.out));
  return make(s, s.acting, s.turn, combatants) as Working;
}
