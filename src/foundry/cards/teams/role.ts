import type { TeamsAttackState, TeamsCommand } from "../../../core/attack/teams/types.js";
import type { CardRole } from "../attack-ruleset.js";

/**
 * Whose click each teams command waits on: the attacker rolls to hit and for damage, the target reacts or lets the
 * hit through and, at apply, makes TEAM-67's choice (fortify or fall unconscious: its own reaction); the GM applies
 * and sends everything else. An intercept (TEAM-39) is an ally's reaction, and the card has no role for an ally:
 * the GM sends it.
 */
export function teamsRoleFor(command: TeamsCommand, state: TeamsAttackState): CardRole {
  switch (command.type) {
    case "roll":
    case "rollDamage":
      return "attacker";
    case "skipReaction":
    case "fortify":
    case "fallUnconscious":
      return "target";
    case "react":
      return command.reaction === "intercept" && command.by !== state.target ? "gm" : "target";
    default:
      return "gm";
  }
}
