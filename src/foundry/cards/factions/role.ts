import type { FactionsAttackCommand, FactionsAttackState } from "../../../core/attack/factions/types.js";
import type { CardRole } from "../attack-ruleset.js";

/**
 * Whose click a command waits on: the attacker's owner rolls to hit and for damage and proposes a stunt (FAC-40);
 * the current target's owner reacts, skips, or answers the stunt (FAC-16, FAC-41); everything else, apply included,
 * is the GM's. A reaction by anyone but the current target (a bystander's guard, FAC-22) is the GM's too: the card
 * has no role for a bystander.
 */
export function factionsRoleFor(command: FactionsAttackCommand, state: FactionsAttackState): CardRole {
  switch (command.type) {
    case "roll":
    case "rollDamage":
    case "proposeStunt":
      return "attacker";
    case "skipReaction":
    case "answerStunt":
      return "target";
    case "react":
      return command.by === state.target ? "target" : "gm";
    default:
      return "gm";
  }
}
