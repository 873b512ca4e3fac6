import type { SideId } from "../types.js";
import type { FactionsMember, FactionsState } from "./types.js";

/** In the fight at all: not removed and not retreated. */
export function inFight(m: FactionsMember): boolean {
  return !m.out && !m.retreated;
}

/** May take a turn now, in this phase (FAC-02, FAC-51, FAC-57, FAC-66). */
export function canTakeTurn(state: FactionsState, m: FactionsMember): boolean {
  if (!inFight(m) || !m.able || m.surrendered || m.acted) return false;
  switch (state.phase) {
    case "ambush":
      return m.concealed;
    case "fast":
      return state.fat !== null && m.wit >= state.fat;
    case "slow":
    case "main":
      return true;
    default:
      return false;
  }
}

/** The round's turns are under way: not the morale phase, not the end of the fight. */
export function inRound(state: FactionsState): boolean {
  return state.phase === "ambush" || state.phase === "main" || state.phase === "fast" || state.phase === "slow";
}

// These run several times a command: plain loops, no callbacks or lists made. The yes-or-no ones walk `members`
// with for-in rather than the roster: the same members (a state's check makes its keys the roster's), and the order
// does not matter to a yes or no. A walk over the keys is the quicker one (bench/diary.md).

/** Someone of faction `side` may take a turn now. */
export function hasEligible(s: FactionsState, side: SideId): boolean {
  const members = s.members;
  for (const id in members) {
    const m = members[id];
    if (m !== undefined && m.faction === side && canTakeTurn(s, m)) return true;
  }
  return false;
}

/** Someone of faction `f` is still in the fight. */
export function factionInPlay(s: FactionsState, f: SideId): boolean {
  const members = s.members;
  for (const id in members) {
    const m = members[id];
    if (m !== undefined && m.faction === f && inFight(m)) return true;
  }
  return false;
}

export function factionsInPlay(s: FactionsState): SideId[] {
  const inPlay: SideId[] = [];
  for (const f of s.factions) if (factionInPlay(s, f)) inPlay.push(f);
  return inPlay;
}

export function countInPlay(s: FactionsState): number {
  let n = 0;
  for (const f of s.factions) if (factionInPlay(s, f)) n++;
  return n;
}
