import { stepCommands } from "../pipeline.js";
import { declareCommands } from "../shared/combatants.js";
import { canAct, isSummoningSick, type EscalationCombatant } from "./combatant.js";
import type { EscalationAttackState, EscalationCommand } from "./types.js";

/** ESC-13/55: a unit attacks with an Attack Action left, when it can act and was not summoned this round. */
function mayAttack(a: EscalationCombatant, state: EscalationAttackState): boolean {
  return canAct(a) && !isSummoningSick(a, state.round) && a.actions.aa >= 1;
}

function mayTarget(t: EscalationCombatant): boolean {
  return t.condition === "active" || t.condition === "incapacitated";
}

/**
 * The card's buttons: the free hit or letting it go, the declarations open to each unit, else the step's one button.
 */
export function legal(state: EscalationAttackState): EscalationCommand[] {
  switch (state.step) {
    case "reactionWindow":
      return [{ type: "react", reaction: "freeHit" }, { type: "skipReaction" }];
    case "declare":
    case "done":
      return declareCommands(state, mayAttack, mayTarget);
    default:
      return stepCommands(state.step);
  }
}
