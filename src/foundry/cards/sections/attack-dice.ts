import { actionDelivery, MELEE, type AttackDelivery } from "../../../core/attack/sections/delivery.js";
import { isRecord } from "../../../core/shared/guards.js";
import type { CardItem } from "../attack-ruleset.js";
import { dieSides, ownDice, type AttackDice } from "./read-entity.js";

export const WEAPON = "sections-weapon";
export const ACTION_CARD = "sections-card";

function sys(item: CardItem | undefined): Record<string, unknown> {
  return item && isRecord(item.system) ? item.system : {};
}

/** A weapon's dice and type (specs/sections/sections-weapon.ts: hitDie, damageDie, weaponType). */
function weaponDice(weapon: CardItem): AttackDice {
  const s = sys(weapon);
  return {
    hitDie: dieSides(s.hitDie),
    damageDie: dieSides(s.damageDie),
    weaponType: typeof s.weaponType === "string" ? s.weaponType : "",
  };
}

/**
 * The dice of an attack with `item`: a weapon's own; an Action card's (specs/sections/sections-card.ts: hitDie,
 * damageDie), where it leaves one blank the die of the weapon it is played from, else the entity's own (`dice.hit`,
 * `dice.damage`). A card played from a weapon takes the weapon's type (SEC-71 reads it).
 */
export function attackDice(item: CardItem, weapon: CardItem | undefined, entitySystem: unknown): AttackDice {
  if (item.type === WEAPON) return weaponDice(item);
  const base = weapon ? weaponDice(weapon) : ownDice(entitySystem);
  const s = sys(item);
  const hit = dieSides(s.hitDie);
  const damage = dieSides(s.damageDie);
  return {
    hitDie: hit === 0 ? base.hitDie : hit,
    damageDie: damage === 0 ? base.damageDie : damage,
    weaponType: base.weaponType,
  };
}

/**
 * How an attack with `item` travels, as its card says: an Action card's range entry (SEC-28, SEC-29) and Area Attack
 * flag (SEC-40), read into the core's delivery; a weapon alone carries no range entry and strikes in melee. Whether
 * that makes it a ranged attack (Thrown, SEC-47 ruling) is the pipeline's to decide.
 */
export function itemDelivery(item: CardItem): AttackDelivery {
  if (item.type !== ACTION_CARD) return MELEE;
  const s = sys(item);
  const entry = s.reachKind;
  const n = typeof s.range === "number" ? s.range : 0;
  const entries =
    entry === "range" ? { range: n } : entry === "thrown" ? { thrown: n } : entry === "reach" ? { reach: n } : {};
  return actionDelivery(s.areaAttack === true ? { ...entries, area: {} } : entries);
}
