import type { TurnEvent } from "../types.js";
import { copyState, marked, markedAmong, withCombatants, withSideIndex } from "./copies.js";
import type { SectionsCombatant, SectionsState } from "./types.js";

/** Rules of who goes next, shared by apply, legal and view. */

const inFight = (c: SectionsCombatant): boolean => !c.out;
const ready = (c: SectionsCombatant): boolean => !c.out && c.able && c.mark === "waiting";

export function sideUp(s: SectionsState): string | null {
  return s.options.order === "sides" ? (s.sides[s.sideIndex] ?? null) : null;
}

/** "fixed" mode: the first combatant of the list still to go this round. */
export function nextInList(s: SectionsState): SectionsCombatant | null {
  return s.combatants.find((c) => !c.out && c.mark === "waiting") ?? null;
}

/** May `c` start its turn now? (Nobody acting, fight not over, and the order allows it.) */
export function mayAct(s: SectionsState, c: SectionsCombatant): boolean {
  if (s.result !== null || s.acting !== null || !ready(c)) return false;
  if (s.options.order === "sides") return c.side === sideUp(s);
  if (s.options.order === "fixed") return nextInList(s)?.id === c.id;
  return true;
}

/**
 * Some combatant passes mayAct: one pass over the list with the order's question asked once (settle asks this
 * after every turn's end, and mayAct per combatant read the side up or the list's next each time).
 */
function someoneMayAct(s: SectionsState): boolean {
  if (s.result !== null || s.acting !== null) return false;
  const cs = s.combatants;
  const order = s.options.order;
  if (order === "fixed") {
    // mayAct asks that c be ready and be the list's next: the next (ids are unique) is the one to ask.
    const next = nextInList(s);
    return next !== null && ready(next);
  }
  const side = order === "sides" ? sideUp(s) : null;
  for (let i = 0; i < cs.length; i++) {
    const c = cs[i] as SectionsCombatant;
    if (ready(c) && (order !== "sides" || c.side === side)) return true;
  }
  return false;
}

/** Has `side` someone still in the fight? A loop: settle asks it of every side after every command. */
function sideInFight(s: SectionsState, side: string): boolean {
  const cs = s.combatants;
  for (let i = 0; i < cs.length; i++) {
    const c = cs[i] as SectionsCombatant;
    if (c.side === side && inFight(c)) return true;
  }
  return false;
}

/**
 * One side or none still has someone in the fight (liveSides' length is at most 1): one pass over the combatants,
 * stopping at the first one in the fight on another side than the first (settle asks it after every turn's end).
 * Every combatant's side is one of the fight's sides (the read check makes sure of it: state-schema.ts).
 */
function oneSideLeftAtMost(s: SectionsState): boolean {
  const cs = s.combatants;
  let first: string | null = null;
  for (let i = 0; i < cs.length; i++) {
    const c = cs[i] as SectionsCombatant;
    if (!inFight(c)) continue;
    if (first === null) first = c.side;
    else if (c.side !== first) return false;
  }
  return true;
}

/** The sides that still have someone in the fight, in side order. */
export function liveSides(s: SectionsState): string[] {
  return s.sides.filter((side) => sideInFight(s, side));
}

function markLost(s: SectionsState, ev: TurnEvent[], which: (c: SectionsCombatant) => boolean): SectionsState {
  // A loop copying the list only once a turn is lost: settle runs this whenever a side's slot closes.
  const cs = s.combatants;
  let combatants: SectionsCombatant[] | null = null;
  for (let i = 0; i < cs.length; i++) {
    const c = cs[i] as SectionsCombatant;
    if (c.out || c.mark !== "waiting" || !which(c)) continue;
    ev.push({ type: "turnLost", round: s.round, combatant: c.id, reason: c.able ? "passedOver" : "unable" });
    combatants ??= cs.slice();
    combatants[i] = marked(c, "lost");
  }
  return combatants === null ? s : withCombatants(s, combatants);
}

/** "sides" mode: announce the side now up, or skip it when none of its members can act. */
function announceSide(s: SectionsState, ev: TurnEvent[]): void {
  const side = sideUp(s);
  if (side === null) return;
  let any = false;
  for (let i = 0; i < s.combatants.length && !any; i++) {
    const c = s.combatants[i] as SectionsCombatant;
    any = c.side === side && ready(c);
  }
  ev.push(any ? { type: "sideUp", round: s.round, side } : { type: "sideSkipped", round: s.round, side });
}

export function endFight(
  s: SectionsState,
  ev: TurnEvent[],
  result: NonNullable<SectionsState["result"]>,
): SectionsState {
  if (s.acting !== null) ev.push({ type: "turnEnded", round: s.round, combatant: s.acting });
  const combatants = s.acting === null ? s.combatants : markedAmong(s.combatants, s.acting, "acted");
  ev.push({ type: "combatEnded", reason: result.reason, outcome: result.outcome, victors: result.victors, steps: [] });
  const n = copyState(s);
  n.combatants = combatants;
  n.acting = null;
  n.turn = null;
  n.result = result;
  return n;
}

export function startRound(s: SectionsState, ev: TurnEvent[]): SectionsState {
  const next = copyState(s);
  next.round = s.round + 1;
  next.sideIndex = 0;
  const combatants = s.combatants.slice();
  for (let i = 0; i < combatants.length; i++) {
    const c = combatants[i] as SectionsCombatant;
    if (c.mark !== "waiting") combatants[i] = marked(c, "waiting");
  }
  next.combatants = combatants;
  // SEC-47 ruling: each entity's Interrupt comes back with the round.
  next.interrupted = [];
  ev.push({ type: "roundStarted", round: next.round });
  announceSide(next, ev);
  return next;
}

/**
 * Move play on until someone may act: close a side's slot or the list's next unable entry
 * (their turns are lost), end the round and start the next. Stops, without starting a round,
 * when nobody in the fight is able to act at all, so a fight of the stunned does not spin.
 * Also ends the fight when one side or none is left.
 */
export function settle(start: SectionsState, ev: TurnEvent[]): SectionsState {
  let s = start;
  if (s.result !== null) return s;
  if (oneSideLeftAtMost(s)) {
    const live = liveSides(s);
    return endFight(s, ev, {
      reason: "oneSideLeft",
      outcome: live.length === 1 ? "victory" : "noneLeft",
      victors: live,
    });
  }
  if (s.acting !== null) return s;
  const limit = 2 * (s.sides.length + s.combatants.length) + 4;
  for (let guard = 0; guard < limit; guard++) {
    if (someoneMayAct(s)) return s;
    if (s.options.order === "sides" && s.sideIndex < s.sides.length) {
      const side = sideUp(s);
      s = markLost(s, ev, (c) => c.side === side);
      s = withSideIndex(s, s.sideIndex + 1);
      announceSide(s, ev);
      continue;
    }
    if (s.options.order === "fixed") {
      const first = nextInList(s);
      if (first !== null) {
        s = markLost(s, ev, (c) => c.id === first.id);
        continue;
      }
    }
    s = markLost(s, ev, () => true);
    if (!s.combatants.some((c) => inFight(c) && c.able)) return s;
    ev.push({ type: "roundEnded", round: s.round });
    s = startRound(s, ev);
  }
  return s;
}
