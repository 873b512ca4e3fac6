import { refuse, type Refusal } from "../../shared/outcome.js";
import { has, type SectionsCombatant } from "./combatant.js";

/**
 * SEC-19: a climbing entity cannot perform Incantations (an Action with an Incantation value, SEC-60). Its climbing
 * is a condition the space decides (the card is told of it), so the refusal is the same whether the map or the GM
 * says it climbs. Null when the Action may be performed.
 */
export function incantationWhileClimbing(attacker: SectionsCombatant, incantation: number): Refusal | null {
  if (!(incantation > 0) || !has(attacker, "climbing")) return null;
  return refuse("ClimbingCannotIncant", `${attacker.id} is climbing and cannot perform Incantations`, "SEC-19", {
    id: attacker.id,
  });
}
