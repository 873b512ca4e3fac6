import { UNARMED, type FactionsWeapon } from "../../../core/attack/factions/character.js";
import { attackMode } from "../../../core/attack/factions/mode.js";
import type { FactionsAttackMode } from "../../../core/attack/factions/types.js";
import type { CardItem } from "../attack-ruleset.js";
import { DataReader } from "./read-data.js";

export const WEAPON_TYPE = "factions-weapon";
export const ARMOUR_TYPE = "factions-armour";

/** A weapon item read as the attack needs it, with the kind of attack it makes (FAC-29..32, FAC-36). */
export interface ReadWeapon {
  readonly weapon: FactionsWeapon;
  readonly mode: FactionsAttackMode;
}

/** FAC-43: a weapon the character dropped (the weapon spec's `dropped` flag); it is not in hand until picked up. */
export function isDropped(item: CardItem): boolean {
  return new DataReader(item.system, "FRAY.Refusal.CardItemData", item.name).flag("dropped");
}

/** FAC-26: no item is an unarmed melee attack. */
export const UNARMED_ATTACK: ReadWeapon = { weapon: UNARMED, mode: "melee" };

/**
 * A factions-weapon item's damage die, kind, damaged and improvised flags (FAC-62, FAC-64), by the spec's field names.
 */
export function readWeapon(item: CardItem): ReadWeapon {
  const r = new DataReader(item.system, "FRAY.Refusal.CardItemData", item.name);
  const weapon: FactionsWeapon = {
    name: item.name,
    damageDie: r.die("damageDie"),
    damaged: r.flag("damaged"),
    improvised: r.flag("improvised"),
    unarmed: false,
  };
  // The reader refuses a value outside the choices, so the text is one of them.
  const attack = r.text("attack", ["melee", "ranged", "indirect"]) as "melee" | "ranged" | "indirect";
  return { weapon, mode: attackMode(attack, r.flag("blast")) };
}
