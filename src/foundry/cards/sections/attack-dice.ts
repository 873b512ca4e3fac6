import { actionRange } from "../../../core/space/sections/action-reach.js";
import { defaultSectionsOptions } from "../../../core/space/sections/options.js";
import { isRecord } from "../../../core/shared/guards.js";
import type { CardItem } from "../attack-ruleset.js";
import { dieSides, ownDice, type AttackDice } from "./read-entity.js";

export const WEAPON = "sections-weapon";
export const ACTION_CARD = "sections-card";

function sys(item: CardItem | undefined): Record<string, unknown> {
  return item && isRecord(item.system) ? item.system : {};
}

/** A weapon's dice and type (specs/sections-weapon.ts: hitDie, damageDie, weaponType). */
function weaponDice(weapon: CardItem): AttackDice {
  const s = sys(weapon);
  return { hitDie: dieSides(s.hitDie), damageDie: dieSides(s.damageDie), weaponType: typeof s.weaponType === "string" ? s.weaponType : "" };
}

/**
 * The dice of an attack with `item`: a weapon's own; an Action card's (specs/sections-card.ts: hitDie, damageDie),
 * where it leaves one blank the die of the weapon it is played from, else the entity's own (`dice.hit`,
 * `dice.damage`). A card played from a weapon takes the weapon's type (SEC-71 reads it).
 */
export function attackDice(item: CardItem, weapon: CardItem | undefined, entitySystem: unknown): AttackDice {
  if (item.type === WEAPON) return weaponDice(item);
  const base = weapon ? weaponDice(weapon) : ownDice(entitySystem);
  const s = sys(item);
  const hit = dieSides(s.hitDie);
  const damage = dieSides(s.damageDie);
  return { hitDie: hit === 0 ? base.hitDie : hit, damageDie: damage === 0 ? base.damageDie : damage, weaponType: base.weaponType };
}

/**
 * Whether an Action card is a non-Area ranged attack: its range entry read by the core (SEC-28, SEC-29), Thrown
 * counting as ranged per the SEC-47 ruling's option, and never an Area Attack (SEC-47, SEC-48). A weapon alone
 * carries no range entry: not ranged unless the choice says so.
 */
export function isNonAreaRanged(item: CardItem, thrownCountsAsRanged = defaultSectionsOptions.thrownCountsAsRanged): boolean {
  if (item.type !== ACTION_CARD) return false;
  const s = sys(item);
  if (s.areaAttack === true) return false;
  const entry = s.reachKind;
  const number = typeof s.range === "number" ? s.range : 0;
  const { kind } = actionRange(
    entry === "range" ? { range: number } : entry === "thrown" ? { thrown: number } : entry === "reach" ? { reach: number } : {},
  );
  return kind === "ranged" || (kind === "thrown" && thrownCountsAsRanged);
}
