import { checkCombatant, type SectionsCombatant } from "../../../core/attack/sections/index.js";
import { refuse, type Refusal } from "../../../core/shared/outcome.js";
import type { CardActor } from "../../cards/attack-ruleset.js";
import { attackDice, WEAPON } from "../../cards/sections/attack-dice.js";
import { ENTITY } from "../../cards/sections/open.js";
import { entityCombatant, ownDice } from "../../cards/sections/read-entity.js";

/**
 * A sections entity as the simulator's combatant, read by the attack card's own readers: its health and Miss die
 * from the sheet, the Hit and Damage dice of its first weapon (else its own dice, as an Action card played without
 * a weapon takes them), one interrupt as the card gives it.
 */
export function sectionsMember(actor: CardActor): SectionsCombatant | Refusal {
  if (actor.type !== ENTITY)
    return refuse("CardNotAnEntity", `${actor.name} is a ${actor.type}, not a sections entity`, undefined, {
      name: actor.name,
      type: actor.type,
    });
  const weapon = actor.items.find((i) => i.type === WEAPON);
  const dice = weapon ? attackDice(weapon, undefined, actor.system) : ownDice(actor.system);
  const member = entityCombatant(actor.id, actor.system, dice, [], 1);
  return checkCombatant(member, actor.name) ?? member;
}
