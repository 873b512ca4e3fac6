import { isNonEmptyString, isStringArray } from "../../../shared/guards.js";
import { applied, refuse, type Outcome } from "../../../shared/outcome.js";
import { findById, replaceById } from "../../shared/by-id.js";
import type { CommandFields } from "../../shared/turn-order-engine.js";
import { overAmong, sidesOf, victorsAmong } from "../../shared/sides.js";
import type { CombatantId, EndOfCombatStep, SideId, TurnEvent } from "../../types.js";
import { make, marked } from "../copies.js";
import { initiativeOrder, inSetupOrder, nextPlace } from "../places.js";
import type { RolledCombatant, RolledState } from "../types.js";

type Out = Outcome<RolledState, TurnEvent>;

/**
 * The turn of `c` (in `state`'s list) ends: the round goes on from the place after it. With no events `before`, the
 * list starts as a literal: an empty list's first push allocates room for 17.
 */
export function closeTurn(
  state: RolledState,
  c: RolledCombatant,
  before: TurnEvent[] | null,
  standingChanged: boolean,
): Out {
  const at = state.combatants.indexOf(c);
  const ended: TurnEvent = { type: "turnEnded", round: state.round, combatant: c.id };
  const events = before === null ? [ended] : before;
  if (before !== null) before.push(ended);
  // STR-57 ruling (STR-10 End of Turn b): a Stunned bearer loses one stack as its turn ends.
  let combatants = state.combatants;
  if (c.stunned > 0) {
    const lower = marked(c, c.delayed, c.able, c.out, c.stunned - 1);
    combatants = replaceById(combatants, lower);
    events.push({ type: "stunnedChanged", combatant: c.id, stunned: lower.stunned });
  }
  const s = make(state, null, null, combatants, at + 1);
  return afterChange(s, events, standingChanged);
}

/**
 * Still in the fight for STR-04: not out and not incapacitated. A module function: a closure made per command costs
 * time.
 */
const standing = (c: RolledCombatant): boolean => !c.out && c.able;

/** STR-04 first, then STR-03: the round ends once every character in it has taken its turn. */
export function afterChange(s: RolledState, events: TurnEvent[], standingChanged = true): Out {
  const due = dueAfterChange(s, standingChanged);
  if (due === null) return applied(s, events);
  if (due !== ROUND_OVER) return finish(s, "sideDown", due, events);
  events.push({ type: "roundEnded", round: s.round });
  return newRound(s, events);
}

/** dueAfterChange's answer when the round is over and the fight goes on. */
export const ROUND_OVER = "roundOver";

/**
 * What a change leaves due (STR-04 first, then STR-03): the victors when the fight is over, ROUND_OVER when the
 * round is, else null.
 */
export function dueAfterChange(s: RolledState, standingChanged: boolean): SideId[] | typeof ROUND_OVER | null {
  // The quick test first; the victors themselves (in the setup's order) only once the fight is over.
  const victors = standingChanged && isOver(s) ? victorsAmong(inSetupOrder(s), standing, s.options.endWhen) : null;
  if (victors !== null) return victors;
  return s.acting !== null || !roundDone(s) ? null : ROUND_OVER;
}

/**
 * STR-04: is the fight over? The usual two sides are counted here in locals, stopping as soon as both have someone
 * standing under "oneSideLeft"; a third side hands over to the general count (overAmong). Kept in the rolled
 * order's own file so the check's type feedback is the rolled engine's own, not shared with the other engines in
 * one process.
 */
function isOver(s: RolledState): boolean {
  const cs = s.combatants;
  const endWhen = s.options.endWhen;
  let first: SideId | null = null;
  let second: SideId | null = null;
  let firstUp = false;
  let secondUp = false;
  for (let i = 0; i < cs.length; i++) {
    const c = cs[i] as RolledCombatant;
    const side = c.side;
    if (first === null || side === first) {
      first = side;
      if (!firstUp && !c.out && c.able) firstUp = true;
    } else if (second === null || side === second) {
      second = side;
      if (!secondUp && !c.out && c.able) secondUp = true;
    } else return overAmong(cs, standing, endWhen);
    // Two sides standing: with "oneSideLeft" no further side can end the fight.
    if (firstUp && secondUp && endWhen === "oneSideLeft") return false;
  }
  const sides = (first === null ? 0 : 1) + (second === null ? 0 : 1);
  const up = (firstUp ? 1 : 0) + (secondUp ? 1 : 0);
  return endWhen === "anySideDown" ? sides > up : up <= 1;
}

/**
 * STR-03: nobody is left to take a turn, and someone has taken one this round. Round Zero ends too once nobody is
 * left in it, even if nobody took a turn there (its only characters were removed before acting, STR-09).
 */
function roundDone(s: RolledState): boolean {
  return (s.turnAt > 0 || s.round === 0) && nextPlace(s) < 0;
}

/**
 * A new round starts at the top of the order; only this round's delays are forgotten (the places they took stay,
 * STR-06).
 */
export function newRound(s: RolledState, events: TurnEvent[]): Out {
  // Only the delayed are copied: startRound writes into them alone.
  const combatants =
    s.delaysThisRound === 0 ? s.combatants : s.combatants.map((c) => (c.delayed ? marked(c, true, c.able, c.out) : c));
  const next: Writable<RolledState> = make(s, s.acting, s.turn, combatants);
  startRound(next);
  events.push({ type: "roundStarted", round: next.round });
  return applied(next, events);
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** STR-03, STR-06: the next round, written into `s`; its delayed combatants are the writer's own to edit. */
export function startRound(s: Writable<RolledState>): void {
  if (s.delaysThisRound !== 0) {
    for (const c of s.combatants) if (c.delayed) (c as Writable<RolledCombatant>).delayed = false;
  }
  s.round = s.round + 1;
  s.turnAt = 0;
  s.delaysThisRound = 0;
}

export function declareEnd(state: RolledState, cmd: CommandFields): Out {
  const outcome = cmd.outcome;
  const victors = cmd.victors;
  if (!isNonEmptyString(outcome) || !isStringArray(victors))
    return refuse("MalformedCommand", "declareEnd needs an outcome and a list of victor sides");
  const sides = sidesOf(inSetupOrder(state));
  const bad = victors.find((v) => !sides.includes(v));
  if (bad !== undefined) return refuse("UnknownSide", `no side ${bad} in this combat`, undefined, { side: bad });
  return finish(state, outcome, [...new Set(victors)], []);
}

export function endCombat(state: RolledState): Out {
  return finish(state, "endCombat", [], []);
}

/**
 * STR-05 with the STR-66 ruling: loads reset, tolerances recorded, incapacitated PCs recover unless at Fatigue
 * Tolerance 0.
 */
function finish(state: RolledState, reason: string, victors: readonly SideId[], before: TurnEvent[]): Out {
  const all = initiativeOrder(state);
  const downPcs = state.combatants.filter((c) => c.side === "pc" && !c.out && !c.able).map((c) => c.id);
  const atZero = (id: CombatantId): boolean =>
    (findById(state.combatants, id) as RolledCombatant).fatigueTolerance === 0;
  const staysDown = state.options.recoverAtZeroTolerance ? [] : downPcs.filter(atZero);
  const steps: EndOfCombatStep[] = [
    { type: "recover", combatants: downPcs.filter((id) => !staysDown.includes(id)) },
    { type: "resetLoads", combatants: [...all] },
    { type: "recordTolerances", combatants: [...all] },
  ];
  if (staysDown.length > 0) steps.push({ type: "staysIncapacitated", combatants: staysDown });
  const events: TurnEvent[] = [...before];
  if (state.acting !== null) events.push({ type: "turnEnded", round: state.round, combatant: state.acting });
  events.push({ type: "combatEnded", reason, victors, steps });
  const s: Writable<RolledState> = { ...state };
  endFight(s, reason, victors);
  return applied(s, events);
}

/** STR-05: the fight over, written into `s`: nobody acting, and why it ended and who won. */
export function endFight(s: Writable<RolledState>, reason: string, victors: readonly SideId[]): void {
  s.acting = null;
  s.turn = null;
  s.ended = true;
  s.outcome = { reason, victors };
}
