import type { Roller } from "../../shared/roller.js";
import type { CombatantId, SideId, TurnEvent } from "../types.js";
import { editMember, type FactionsDraft as S, type MemberDraft as M } from "./copies.js";
import { countInPlay, factionInPlay, factionsInPlay, hasEligible } from "./in-play.js";
import { moraleCandidates } from "./morale.js";

// How play moves on after a command: the next faction up, passes, the phases of a round and the next round.
// These call each other round the round (a pass can end a phase, which opens the next, whose first faction
// may have to pass at once), so they share this file.

/** FAC-05 ruling: among three or more factions play goes round in setup order from the one chosen first. */
function nextFaction(s: S, after: SideId): SideId | null {
  const i = s.factions.indexOf(after);
  for (let k = 1; k <= s.factions.length; k++) {
    const f = s.factions[(i + k) % s.factions.length];
    if (f === undefined || !factionInPlay(s, f)) continue;
    if (s.options.passIsFinal && s.passed.includes(f)) continue;
    return f;
  }
  return null;
}

function phaseOver(s: S): boolean {
  if (s.options.passIsFinal) return factionsInPlay(s).every((f) => s.passed.includes(f));
  return s.passesInRow >= countInPlay(s); // FAC-03: all factions pass one after another
}

/** Faction `side` passes; true when that ended the phase. */
function recordPass(s: S, side: SideId, auto: boolean, events: TurnEvent[], roller: Roller): boolean {
  events.push(auto ? { type: "passed", round: s.round, side, auto: true } : { type: "passed", round: s.round, side });
  s.passesInRow += 1;
  if (!s.passed.includes(side)) s.passed = [...s.passed, side]; // lists are shared with the input: replaced, not pushed
  s.up = null;
  if (phaseOver(s)) {
    endPhase(s, events, roller);
    return true;
  }
  return false;
}

/** Faction `side` passes (FAC-03), and play moves on to the next faction unless that ended the phase. */
export function passOn(s: S, side: SideId, auto: boolean, events: TurnEvent[], roller: Roller): void {
  if (recordPass(s, side, auto, events, roller)) return;
  const next = nextFaction(s, side);
  if (next === null) endPhase(s, events, roller);
  else bringUp(s, next, events, roller);
}

/** Put a faction up; a faction with nobody who can act passes at once, and play moves on. */
export function bringUp(s: S, side: SideId, events: TurnEvent[], roller: Roller): void {
  let current: SideId | null = side;
  for (let guard = 0; current !== null && guard <= 4 * s.factions.length + 4; guard++) {
    if (hasEligible(s, current)) {
      s.up = current;
      events.push({ type: "sideUp", round: s.round, side: current });
      return;
    }
    if (recordPass(s, current, true, events, roller)) return;
    current = nextFaction(s, current);
  }
  endPhase(s, events, roller);
}

/** After a turn is used up, the next faction is up and the run of passes is broken (FAC-01, FAC-03). */
export function afterTurn(s: S, faction: SideId, events: TurnEvent[], roller: Roller): void {
  s.passesInRow = 0;
  s.up = null;
  if (s.phase === "ended") return;
  const next = nextFaction(s, faction);
  if (next === null) endPhase(s, events, roller);
  else bringUp(s, next, events, roller);
}

/** The acting character's turn is used up; play passes on. */
export function closeTurn(s: S, d: M, events: TurnEvent[], roller: Roller, lost?: string): void {
  d.acted = true;
  d.turn = null;
  s.acting = null;
  s.declaration = null;
  if (lost !== undefined) events.push({ type: "turnLost", round: s.round, combatant: d.id, reason: lost });
  events.push({ type: "turnEnded", round: s.round, combatant: d.id });
  afterTurn(s, d.faction, events, roller);
}

/** When the faction up has lost everyone who could act, it passes. */
export function settle(s: S, events: TurnEvent[], roller: Roller): void {
  if (s.phase === "ended" || s.phase === "morale" || s.choosingFirst || s.acting !== null || s.up === null) return;
  if (hasEligible(s, s.up)) return;
  passOn(s, s.up, true, events, roller);
}

export function openPhase(s: S, phase: "ambush" | "main" | "fast" | "slow", events: TurnEvent[], roller: Roller): void {
  s.phase = phase;
  s.up = null;
  s.passesInRow = 0;
  s.passed = [];
  s.choosingFirst = true;
  if (phase !== "main") events.push({ type: "phaseStarted", round: s.round, phase });
  // How many factions have someone who can act in this phase, and the last of them (the one, when only one has).
  let able = 0;
  let last: SideId | undefined;
  for (const f of s.factions) {
    if (!hasEligible(s, f)) continue;
    able++;
    last = f;
  }
  if (able === 0 && (phase === "fast" || phase === "ambush")) {
    // nobody can use this phase: every faction passes at once, from the holder round
    s.choosingFirst = false;
    const first = factionInPlay(s, s.holder) ? s.holder : nextFaction(s, s.holder);
    if (first === null) endPhase(s, events, roller);
    else bringUp(s, first, events, roller);
  } else if (able === 1 && last !== undefined) {
    // the holder's choice is moot when only one faction can act: the others would pass
    s.choosingFirst = false;
    bringUp(s, last, events, roller);
  }
}

export function startRound(s: S, round: number, fromAmbush: boolean, events: TurnEvent[], roller: Roller): void {
  s.round = round;
  const keep = fromAmbush && s.options.ambushUsesFirstTurn; // FAC-51 ruling option
  for (const id of s.roster) {
    const m = s.members[id];
    if (!m || ((keep || !m.acted) && m.turn === null)) continue;
    const d = editMember(s, id);
    d.acted = keep ? d.acted : false;
    d.turn = null;
  }
  events.push({ type: "roundStarted", round });
  if (s.options.fastSlow) {
    s.fat = roller.die(20); // FAC-65: the GM's open d20
    events.push({ type: "fastActionThreshold", round, fat: s.fat });
    openPhase(s, "fast", events, roller);
  } else {
    s.fat = null;
    openPhase(s, "main", events, roller);
  }
}

function endPhase(s: S, events: TurnEvent[], roller: Roller): void {
  const phase = s.phase;
  s.up = null;
  s.choosingFirst = false;
  if (phase === "ambush") {
    events.push({ type: "phaseEnded", round: s.round, phase });
    startRound(s, 1, true, events, roller);
  } else if (phase === "fast") {
    events.push({ type: "phaseEnded", round: s.round, phase });
    openPhase(s, "slow", events, roller);
  } else if (phase === "slow" || phase === "main") {
    if (phase === "slow") events.push({ type: "phaseEnded", round: s.round, phase });
    moralePhase(s, events, roller);
  }
}

/** FAC-54: the round ends with the morale phase when someone must check morale, else the next round starts. */
function moralePhase(s: S, events: TurnEvent[], roller: Roller): void {
  const due = moraleCandidates(s);
  if (due.length === 0) {
    closeRound(s, events, roller);
    return;
  }
  s.phase = "morale";
  events.push({ type: "phaseStarted", round: s.round, phase: "morale" });
  for (const d of due)
    events.push({ type: "moraleDue", round: s.round, side: d.side, combatants: d.combatants, reason: d.reason });
  const moraleDue: CombatantId[] = [];
  for (const d of due) moraleDue.push(...d.combatants);
  s.moraleDue = moraleDue;
}

export function closeRound(s: S, events: TurnEvent[], roller: Roller): void {
  if (s.phase === "morale") events.push({ type: "phaseEnded", round: s.round, phase: "morale" });
  s.moraleDue = [];
  s.moraleFailed = [];
  events.push({ type: "roundEnded", round: s.round });
  startRound(s, s.round + 1, false, events, roller);
}
