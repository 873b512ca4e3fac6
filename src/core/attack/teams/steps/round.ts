import { applied } from "../../../shared/outcome.js";
import { combatantOf, unknownCombatant, withCombatant } from "../../shared/combatants.js";
import type { TeamsCombatant } from "../combatant.js";
import type { TeamsAttackOutcome, TeamsAttackState, TeamsCommand } from "../types.js";

/** TEAM-35: reactions are recovered at the start of each turn; TEAM-22 Guard and TEAM-25 cover last until then. */
export function startTurn(
  state: TeamsAttackState,
  cmd: Extract<TeamsCommand, { type: "startTurn" }>,
): TeamsAttackOutcome {
  const c = combatantOf(state, cmd.combatant);
  if (!c) return unknownCombatant(cmd.combatant);
  return applied(withCombatant(state, { ...c, reactions: Math.max(c.reactions, 1), guarding: false, inCover: false }), [
    { type: "reactionsRecovered", combatant: c.id },
  ]);
}

/** TEAM-54: the multiple attack penalty counts attacks within the round. */
export function newRound(state: TeamsAttackState): TeamsAttackOutcome {
  const combatants: Record<string, TeamsCombatant> = {};
  for (const [id, c] of Object.entries(state.combatants))
    combatants[id] = c.attacksThisRound === 0 ? c : { ...c, attacksThisRound: 0 };
  return applied({ ...state, combatants }, [{ type: "attackRoundStarted" }]);
}
