import { UNARMED, type FactionsCharacter } from "../../../core/attack/factions/character.js";
import type { Refusal } from "../../../core/shared/outcome.js";
import type { CardActor } from "../../cards/attack-ruleset.js";
import { readCharacter } from "../../cards/factions/character.js";
import { reading } from "../../cards/factions/read-data.js";
import { readWeapon, WEAPON_TYPE } from "../../cards/factions/weapon.js";

/**
 * A factions character as the simulator's combatant, read by the attack card's own readers: the sheet's WIT,
 * health, armour and shield items, and its first weapon item (else unarmed, FAC-26), aware of everyone (one zone).
 */
export function factionsMember(actor: CardActor): FactionsCharacter | Refusal {
  const read = reading(() => {
    const item = actor.items.find((i) => i.type === WEAPON_TYPE);
    return readCharacter(actor, item ? readWeapon(item).weapon : UNARMED, { aware: true, turnUsed: false });
  });
  return read.ok ? read.value : read;
}
