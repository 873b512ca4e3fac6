import { UNARMED, type TeamsCombatant } from "../../../core/attack/teams/combatant.js";
import { validCombatant, validWeapon } from "../../../core/attack/teams/valid-combatant.js";
import { refuse, type Refusal } from "../../../core/shared/outcome.js";
import type { CardActor } from "../../cards/attack-ruleset.js";
import { combatantFromActor, TEAMS_ACTOR } from "../../cards/teams/combatant-from-actor.js";
import { TEAMS_ATTACK_ITEMS } from "../../cards/teams/open.js";
import { weaponFromItem } from "../../cards/teams/weapon-from-item.js";

/**
 * A teams character as the simulator's combatant, read by the attack card's own readers: the sheet's pools,
 * defences and wielded items, and the attack test of its first weapon (the card's default picks: the largest
 * attribute and proficiency the weapon lists), else unarmed.
 */
export function teamsMember(actor: CardActor): TeamsCombatant | Refusal {
  if (actor.type !== TEAMS_ACTOR)
    return refuse("TeamsCardWrongActor", `${actor.name} is not a teams character`, undefined, {
      name: actor.name,
      type: actor.type,
    });
  const reading = combatantFromActor(actor, { team: "" });
  if ("ok" in reading) return reading;
  const item = actor.items.find((i) => (TEAMS_ATTACK_ITEMS as readonly string[]).includes(i.type));
  const weapon = item ? weaponFromItem(item, reading.dice, {}) : UNARMED;
  if ("ok" in weapon) return weapon;
  const member = { ...reading.combatant, weapon };
  return validWeapon(weapon, actor.id) ?? validCombatant(member) ?? member;
}
