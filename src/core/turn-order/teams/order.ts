import type { SideId, TurnEvent } from "../types.js";
import { editMember, type MemberDraft, type StateDraft } from "./copies.js";
import type { TeamsMember, TeamsState } from "./types.js";

// Who plays next: the team up, the end of a turn, of a round, and of the fight. Shared by the commands and the view.

type S = StateDraft;
type M = MemberDraft;

/** TEAM-03/04: the starter's team first, the attacked team next, then the rest in the GM's order. */
export function teamInitiative(starter: SideId, attacked: SideId, gmOrder: readonly SideId[] = []): SideId[] {
  const order = [starter, attacked, ...gmOrder];
  return order.filter((side, i) => order.indexOf(side) === i);
}

/** A member may be picked now: in the fight, able, not yet acted, and not surprised in a surprise round. */
export function canTakeTurn(state: TeamsState, m: TeamsMember): boolean {
  if (m.out || !m.able || m.acted) return false;
  if (state.phase === "surprise") return state.surprising.includes(m.team) || m.cannotBeSurprised;
  return state.phase === "main";
}

function sideOrder(state: TeamsState): readonly SideId[] {
  if (state.phase === "surprise" && state.options.surpriseOrder === "surprisersFirst") {
    return [...state.surprising, ...state.initiative.filter((t) => !state.surprising.includes(t))];
  }
  return state.initiative;
}

// The yes-or-no walks below go over `members` with for-in rather than the roster: the same members (a state's check
// makes its keys the roster's), and the order does not matter to a yes or no. They run several times a command, and
// a walk over the keys is the quicker one (bench/diary.md).

/** Someone on `side` may be picked now. */
function canPick(state: TeamsState, side: SideId): boolean {
  const members = state.members;
  for (const id in members) {
    const m = members[id];
    if (m !== undefined && m.team === side && canTakeTurn(state, m)) return true;
  }
  return false;
}

/** The teams, in initiative order, with someone still in the fight. */
function teamsRemaining(state: TeamsState): SideId[] {
  const left: SideId[] = [];
  const members = state.members;
  for (const t of state.initiative) {
    for (const id in members) {
      const m = members[id];
      if (m !== undefined && m.team === t && !m.out) {
        left.push(t);
        break;
      }
    }
  }
  return left;
}

/**
 * Pass play on: the next team after `after` in initiative order that still has someone to act (TEAM-07),
 * skipping empty teams (TEAM-10); when nobody is left the round ends and the next begins.
 */
export function advance(s: S, after: SideId | null, events: TurnEvent[]): void {
  if (s.phase === "ended" || s.acting !== null) return;
  const order = sideOrder(s);
  const start = after === null ? 0 : order.indexOf(after) + 1;
  for (let k = 0; k < order.length; k++) {
    const side = order[(start + k) % order.length];
    if (side === undefined) continue;
    if (canPick(s, side)) {
      s.up = side;
      events.push({ type: "sideUp", round: s.round, side });
      return;
    }
    if (after !== null && side !== after) events.push({ type: "sideSkipped", round: s.round, side }); // TEAM-10
  }
  // Nobody left who can act: the round is over (TEAM-07); anyone still unable loses this turn (TEAM-12).
  endRound(s, events);
}

function anyoneWaiting(s: S): boolean {
  const members = s.members;
  for (const id in members) {
    const m = members[id];
    if (m !== undefined && !m.out && !m.acted) return true;
  }
  return false;
}

/** Someone at all may be picked now. */
function anyonePickable(s: S): boolean {
  const members = s.members;
  for (const id in members) {
    const m = members[id];
    if (m !== undefined && canTakeTurn(s, m)) return true;
  }
  return false;
}

export function endRound(s: S, events: TurnEvent[]): void {
  // TEAM-12 ruling: a character still unable when the round ends has lost that round's turn.
  for (const id of s.roster) {
    const m = s.members[id];
    if (m && !m.out && !m.acted)
      events.push({ type: "turnLost", round: s.round, combatant: id, reason: m.able ? "surprised" : "unable" });
  }
  if (s.phase === "surprise") events.push({ type: "phaseEnded", round: s.round, phase: "surprise" });
  events.push({ type: "roundEnded", round: s.round });
  s.round += 1;
  s.phase = "main";
  s.up = null;
  s.lastSide = null;
  const resetAttacks = s.options.attackCountResets === "round";
  for (const id of s.roster) {
    const m = s.members[id];
    if (!m || (!m.acted && (!resetAttacks || m.attacks === 0))) continue;
    const d = editMember(s, id);
    d.acted = false;
    if (resetAttacks) d.attacks = 0;
  }
  events.push({ type: "roundStarted", round: s.round });
  // Nobody able to act at all leaves nobody up: wait for a setAble or the GM to end the fight.
  putFirstTeamUp(s, events);
}

/** A round's opening: the first team in order with someone who may be picked is up; none when nobody may. */
export function putFirstTeamUp(s: S, events: TurnEvent[]): void {
  for (const side of sideOrder(s)) {
    if (canPick(s, side)) {
      s.up = side;
      events.push({ type: "sideUp", round: s.round, side });
      return;
    }
  }
}

/** After a change that may leave the choosing team empty, or bring someone back, put the right team up. */
export function settle(s: S, events: TurnEvent[]): void {
  if (s.phase === "ended" || s.acting !== null) return;
  if (s.up !== null && canPick(s, s.up)) return;
  if (s.up === null && !anyonePickable(s)) {
    if (anyoneWaiting(s) || s.lastSide === null) return; // everyone left is unable: wait for them
    endRound(s, events);
    return;
  }
  const from = s.up !== null ? s.up : s.lastSide;
  s.up = null;
  advance(s, from, events);
}

export function checkLastTeam(s: S, events: TurnEvent[]): void {
  const left = teamsRemaining(s);
  if (left.length <= 1) finish(s, "lastTeam", left, events);
}

export function finish(s: S, reason: string, victors: readonly SideId[], events: TurnEvent[]): void {
  s.phase = "ended";
  s.up = null;
  s.acting = null;
  s.result = { reason, victors: [...victors] };
  events.push({ type: "combatEnded", reason, victors: [...victors], steps: [] });
}

export function endTurnOf(s: S, m: M, events: TurnEvent[]): void {
  m.acted = true;
  m.turn = null;
  s.acting = null;
  s.lastSide = m.team;
  for (const id of s.roster) {
    if (s.members[id]?.granted) editMember(s, id).granted = 0;
  }
  events.push({ type: "turnEnded", round: s.round, combatant: m.id });
  s.up = null;
  advance(s, m.team, events);
}
