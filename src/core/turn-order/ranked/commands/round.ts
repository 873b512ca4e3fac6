import { freeHitSlots, NO_ACTIONS, NO_BOOSTS } from "../../../economy/escalation.js";
import { isNonEmptyString, isStringArray } from "../../../shared/guards.js";
import { applied, refuse, type Outcome } from "../../../shared/outcome.js";
import { findById, replaceById } from "../../shared/by-id.js";
import type { CommandFields } from "../../shared/turn-order-engine.js";
import { overAmong, sidesOf, victorsAmong } from "../../shared/sides.js";
import type { CombatantId, EndOfCombatStep, SideId, TurnEvent } from "../../types.js";
import { copyOf, make, type Writable } from "../copies.js";
import { nextUp } from "../next-up.js";
import type { RankedCombatant, RankedState } from "../types.js";

type Out = Outcome<RankedState, TurnEvent>;

/**
 * The acting unit's turn ends (by choice, or because it can no longer act or is out). `standingChanged`: whether the
 * command put anyone out (ESC-63); an endTurn puts nobody out, so the battle's end is not tested again (as rolled's).
 */
export function closeTurn(state: RankedState, c: RankedCombatant, before: TurnEvent[], standingChanged = true): Out {
  const done = copyOf(c);
  endTurnFor(done);
  const s = make(state, null, replaceById(state.combatants, done));
  // `before` is always the caller's own fresh list: added to, not copied (one list less per turn).
  before.push({ type: "turnEnded", round: state.round, combatant: c.id });
  return afterChange(s, before, standingChanged);
}

/** ESC-04: a unit whose turn is over has acted this round, with no actions left (edited in place). */
export function endTurnFor(n: Writable<RankedCombatant>): void {
  n.acted = true;
  n.left = NO_ACTIONS;
}

/** ESC-63: still in the battle. Module functions: a closure made per command costs time. */
const isIn = (c: RankedCombatant): boolean => !c.out;
const hasActed = (c: RankedCombatant): boolean => c.acted;

/** ESC-63 first, then ESC-04: end the round once nobody is left to act. */
export function afterChange(s: RankedState, events: TurnEvent[], standingChanged = true): Out {
  const due = dueAfterChange(s, nextUp, standingChanged);
  if (due === null) return applied(s, events);
  if (due !== ROUND_OVER) return finish(s, "sideDefeated", due, events);
  events.push({ type: "roundEnded", round: s.round });
  return newRound(s, events);
}

/** dueAfterChange's answer when the round is over and the battle goes on. */
export const ROUND_OVER = "roundOver";

/**
 * What a change leaves due (ESC-63 first, then ESC-04): the victors when the battle is over, ROUND_OVER when the
 * round is, else null. With `standingChanged` false (nobody was put out) the battle's end is not tested: the
 * standing is as it was. `up` finds who is up next, nextUp or a caller's own way to the same answer.
 */
export function dueAfterChange(
  s: RankedState,
  up: (s: RankedState) => RankedCombatant | null = nextUp,
  standingChanged = true,
): readonly SideId[] | typeof ROUND_OVER | null {
  // overAmong answers victorsAmong !== null without building lists; the lists are built only when it is over.
  if (standingChanged && overAmong(s.combatants, isIn, s.options.endWhen))
    return victorsAmong(s.combatants, isIn, s.options.endWhen) ?? [];
  // The cheapest test first: a turn under way, or someone still to act, keeps the round.
  if (s.acting !== null || up(s) !== null || !s.combatants.some(hasActed)) return null;
  return ROUND_OVER;
}

/** The order a new round starts from (ESC-03 ruling: the delayed place reverts unless delayKeepsPlace). */
function nextRoundOrder(s: RankedState): readonly CombatantId[] {
  return s.options.delayKeepsPlace ? s.order : s.rankOrder;
}

/**
 * A unit as a new round finds it, edited in place: ESC-42 slots, ESC-43 disengage and ESC-09 boosts all last the round.
 */
function startRoundFor(n: Writable<RankedCombatant>): void {
  n.acted = false;
  n.delayed = false;
  n.freeHitsLeft = freeHitSlots(n.agility);
  n.disengaged = false;
  n.boosts = NO_BOOSTS;
}

/** ESC-04: the next round, written into `s`, whose combatants are the writer's own to edit. */
export function startRound(s: Writable<RankedState>): void {
  const order = nextRoundOrder(s);
  const all = s.combatants as readonly Writable<RankedCombatant>[];
  for (let i = 0; i < all.length; i++) startRoundFor(all[i] as Writable<RankedCombatant>);
  s.round = s.round + 1;
  s.rankOrder = order;
  s.order = order;
}

function newRound(s: RankedState, events: TurnEvent[]): Out {
  const next = make(s, s.acting, s.combatants.map(copyOf));
  startRound(next);
  events.push({ type: "roundStarted", round: next.round });
  return applied(next, events);
}

export function declareEnd(state: RankedState, cmd: CommandFields): Out {
  const outcome = cmd.outcome;
  const victors = cmd.victors;
  if (!isNonEmptyString(outcome) || !isStringArray(victors))
    return refuse("MalformedCommand", "declareEnd needs an outcome and a list of victor sides");
  const sides = sidesOf(state.combatants);
  const bad = victors.find((v) => !sides.includes(v));
  if (bad !== undefined) return refuse("UnknownSide", `no side ${bad} in this battle`, undefined, { side: bad });
  return finish(state, outcome, [...new Set(victors)], []);
}

export function endCombat(state: RankedState): Out {
  return finish(state, "endCombat", [], []);
}

/** ESC-63/64: the battle is over; victorious units still in it have their MP restored (ruling). */
function finish(state: RankedState, reason: string, victors: readonly SideId[], before: TurnEvent[]): Out {
  const restored = state.order.filter((id) => {
    const c = findById(state.combatants, id);
    return c !== undefined && !c.out && victors.includes(c.side);
  });
  const steps: EndOfCombatStep[] = [{ type: "restoreMp", combatants: restored }];
  const events: TurnEvent[] = [...before];
  if (state.acting !== null) events.push({ type: "turnEnded", round: state.round, combatant: state.acting });
  events.push({ type: "combatEnded", reason, victors, steps });
  const s = make(state, null, state.combatants);
  endBattle(s, reason, victors);
  return applied(s, events);
}

/** ESC-63/64: the battle over, written into `s`: nobody acting, and why it ended and who won. */
export function endBattle(s: Writable<RankedState>, reason: string, victors: readonly SideId[]): void {
  s.acting = null;
  s.ended = true;
  s.outcome = { reason, victors };
}
