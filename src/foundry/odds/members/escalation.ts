import type { EscalationCombatant } from "../../../core/attack/escalation/index.js";
import { validCombatant } from "../../../core/attack/escalation/valid-combatant.js";
import type { Refusal } from "../../../core/shared/outcome.js";
import type { CardActor } from "../../cards/attack-ruleset.js";
import { heldWeapon } from "../../cards/escalation/read-item.js";
import { isRefusal, readUnit } from "../../cards/escalation/read-unit.js";

/**
 * An escalation unit as the simulator's combatant, read by the attack card's own readers: the sheet's numbers and
 * armour items, and the weapon the card takes as held (its first readable weapon item, else bare hands). Spells are
 * not cast: the simulator keeps no MP.
 */
export function escalationMember(actor: CardActor): EscalationCombatant | Refusal {
  const unit = readUnit(actor, 1);
  if (isRefusal(unit)) return unit;
  const member = { ...unit, weapon: heldWeapon(actor) ?? unit.weapon };
  return validCombatant(member) ?? member;
}
