import { dueAfterChange, endBattle, endTurnFor, ROUND_OVER, startRound } from "../turn-order/ranked/commands/round.js";
import { spendFreeHitSlot, spendOn } from "../turn-order/ranked/commands/spend.js";
import { startTurnFor } from "../turn-order/ranked/commands/turns.js";
import { copyOf, make, type Writable } from "../turn-order/ranked/copies.js";
import { rankedEngine } from "../turn-order/ranked/engine.js";
import { stillToAct } from "../turn-order/ranked/next-up.js";
import type { RankedCombatant, RankedCommand, RankedState } from "../turn-order/ranked/types.js";
import { findById } from "../turn-order/shared/by-id.js";
import { FastRun } from "./fast-run.js";
import { LastNamed } from "./last-named.js";

type Working = Omit<Writable<RankedState>, "combatants"> & { combatants: Writable<RankedCombatant>[] };

/**
 * The ranked order (escalation) driven fast. The commands a battle sends (act, spend, freeHit, endTurn, remove) are
 * done here with the engine's rules (nextUp's stillToAct, startTurnFor, spendOn, spendFreeHitSlot, endTurnFor,
 * dueAfterChange, startRound, endBattle) when apply would accept them.
 */
export class RankedFastRun extends FastRun<RankedState, Working, RankedCommand> {
  private readonly named = new LastNamed<Writable<RankedCombatant>>();
  // The working copy's units in this round's order (s.order), for nextUp: looked up again only when either changes.
  private ordered: Writable<RankedCombatant>[] = [];
  /** The place in s.combatants of each of `ordered`. */
  private orderedAt: number[] = [];
  private orderedFrom: readonly string[] | null = null;
  private orderedIn: readonly RankedCombatant[] | null = null;
  /**
   * Where in `ordered` the first unit still to act stands (-1: nobody), kept until a unit acts, leaves or a round
   * starts (upKnown false; a new working copy or order looks the units up again): a turn's end finds who is up
   * next, and the fight's question and that unit's act read it instead of scanning the order again.
   */
  private upK = -1;
  private upKnown = false;
  /** nextUp on the working copy, through the units in order (`ordered`) instead of a lookup by id per place. */
  private readonly up = (s: RankedState): Writable<RankedCombatant> | null => {
    if (s.acting !== null) return null;
    const k = this.upPlace(s);
    return k < 0 ? null : (this.ordered[k] as Writable<RankedCombatant>);
  };

  private constructor(state: Working) {
    super(state, rankedEngine);
  }

  /** A run on a working copy of `state`, a state the engine made or accepts (it is never changed). */
  static of(state: RankedState): RankedFastRun {
    return new RankedFastRun(working(state));
  }

  /** The place in `ordered` of the first unit still to act, whether or not a turn is under way. */
  private upPlace(s: RankedState): number {
    if (this.orderedFrom !== s.order || this.orderedIn !== s.combatants) {
      this.ordered = s.order.map((id) => findById(s.combatants, id) as Writable<RankedCombatant>);
      this.orderedAt = this.ordered.map((c) => s.combatants.indexOf(c));
      this.orderedFrom = s.order;
      this.orderedIn = s.combatants;
      this.upKnown = false;
    }
    if (this.upKnown) return this.upK;
    const ordered = this.ordered;
    let k = 0;
    while (k < ordered.length && !stillToAct(ordered[k] as RankedCombatant)) k++;
    this.upK = k < ordered.length ? k : -1;
    this.upKnown = true;
    return this.upK;
  }

  /**
   * nextUp(state) as the place of its unit in state.combatants, -1 for null: the simulator asks it before each turn.
   */
  upAt(): number {
    const s = this.s;
    if (s.acting !== null) return -1;
    const k = this.upPlace(s);
    return k < 0 ? -1 : (this.orderedAt[k] as number);
  }

  /** Only a well-formed command for a unit still in the battle is done here; the rest, junk included, is apply's. */
  protected fast(cmd: RankedCommand): null | undefined {
    const s = this.s;
    const c = this.named.find(s, cmd);
    if (c === undefined) return undefined;
    switch (cmd.type) {
      case "act":
        if (s.acting === c.id || c.acted || !c.able || this.up(s) !== c) break;
        startTurnFor(c);
        s.acting = c.id;
        return null;
      case "spend":
        // The refusal, if any, is apply's own (below); spendOn edits nothing when it refuses.
        if (spendOn(s, c, cmd.action, cmd.pay, c) !== null) break;
        return null;
      case "freeHit":
        if (!c.able || c.freeHitsLeft <= 0) break;
        spendFreeHitSlot(c);
        return null;
      case "endTurn":
        if (s.acting !== c.id) break;
        this.closeTurn(c, false);
        return null;
      case "remove": {
        const reason: unknown = cmd.reason;
        if (reason !== undefined && reason !== "defeated" && reason !== "fled" && reason !== "unwilling") break;
        c.out = true;
        this.upKnown = false;
        if (s.acting === c.id) this.closeTurn(c, true);
        else this.afterChange(true);
        return null;
      }
    }
    return undefined;
  }

  protected own(state: RankedState): Working {
    return working(state);
  }

  /** As closeTurn in commands/round.ts: the acting unit has acted, with nothing left. */
  private closeTurn(c: Writable<RankedCombatant>, standingChanged: boolean): void {
    endTurnFor(c);
    this.upKnown = false;
    this.s.acting = null;
    this.afterChange(standingChanged);
  }

  /** As afterChange in commands/round.ts: the battle ends or a new round starts, as due. */
  private afterChange(standingChanged: boolean): void {
    const s = this.s;
    const due = dueAfterChange(s, this.up, standingChanged);
    if (due === null) return;
    if (due === ROUND_OVER) {
      startRound(s);
      this.upKnown = false;
      return;
    }
    endBattle(s, "sideDefeated", due);
  }
}

/** A working copy: the state and each combatant one literal of their own, in the engine's field order. */
function working(s: RankedState): Working {
  return make(s, s.acting, s.combatants.map(copyOf)) as Working;
}
