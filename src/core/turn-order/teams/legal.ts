import type { Outcome } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import type { TurnEvent } from "../types.js";
import { TEAMS_ACTIONS, TEAMS_REACTIONS } from "../../economy/teams.js";
import type { TeamsCommand, TeamsState } from "./types.js";

/** The teams engine never rolls; legal() tries candidates with a roller that is never asked. */
const idle: Roller = {
  die: () => 1,
  state: () => ({ kind: "scripted", values: [], next: 0 }),
};

/**
 * Every command the engine would accept now, found by trying each candidate: the list can never
 * disagree with apply(). Custom actions with a cost of their own are accepted but not listed.
 */
export function legal(
  state: TeamsState,
  apply: (s: TeamsState, c: TeamsCommand, r: Roller) => Outcome<TeamsState, TurnEvent>,
): TeamsCommand[] {
  if (state.phase === "ended") return [];
  const candidates: TeamsCommand[] = [];
  for (const id of state.roster) {
    candidates.push({ type: "act", combatant: id });
  }
  const acting = state.acting;
  if (acting !== null) {
    candidates.push({ type: "endTurn", combatant: acting });
    for (const action of Object.keys(TEAMS_ACTIONS)) {
      if (action === "Command") {
        for (const ally of state.roster) candidates.push({ type: "spend", combatant: acting, action, target: ally });
      } else {
        candidates.push({ type: "spend", combatant: acting, action });
      }
    }
    candidates.push({ type: "abandon", combatant: acting });
  }
  for (const id of state.roster) {
    if (state.members[id]?.granted) {
      for (const action of Object.keys(TEAMS_ACTIONS)) candidates.push({ type: "spend", combatant: id, action });
    }
  }
  for (const id of state.roster) {
    for (const reaction of [...Object.keys(TEAMS_REACTIONS), "Ready an Action"])
      candidates.push({ type: "react", combatant: id, reaction });
  }
  for (const id of state.roster) {
    const m = state.members[id];
    if (m) candidates.push({ type: "setAble", combatant: id, able: !m.able }, { type: "remove", combatant: id });
  }
  for (const side of state.initiative) candidates.push({ type: "declareEnd", outcome: "objective", victors: [side] });
  candidates.push({ type: "endCombat" });
  return candidates.filter((c) => apply(state, c, idle).ok);
}
