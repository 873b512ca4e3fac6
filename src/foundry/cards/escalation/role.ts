import type { EscalationAttackState, EscalationCommand } from "../../../core/attack/escalation/types.js";
import type { CardRole } from "../attack-ruleset.js";

/**
 * Whose click a command waits on: the attacking unit's owner rolls to hit and rolls damage; the attacked unit's owner
 * takes or lets go the free hit a natural 1 gave it (ESC-34/35, ESC-40); the GM applies, and sends everything else.
 * "attacker" and "target" are the state's now: after a free hit is taken, the unit striking back is the attacker, so
 * its owner rolls, and a free hit it owes back is the first attacker's to take (attack-request.ts mayClick).
 */
export function roleFor(command: EscalationCommand, _state: EscalationAttackState): CardRole {
  switch (command.type) {
    case "roll":
    case "rollDamage":
      return "attacker";
    case "react":
    case "skipReaction":
      return "target";
    default:
      return "gm";
  }
}
