import { NOT_INCANTING, type SectionsCombatant, type SectionsCondition } from "../../../core/attack/sections/index.js";
import { isRecord } from "../../../core/shared/guards.js";

/**
 * A sections entity's sheet data (specs/sections/sections-entity.ts) read as the attack's combatant. Only reads: a
 * value that is not what the spec stores comes through as NaN or undefined, and the core's checkCombatant refuses it.
 */

/** A group of the spec's data, or an empty record when the stored value is not one. */
function group(value: unknown, key: string): Record<string, unknown> {
  const v = isRecord(value) ? value[key] : undefined;
  return isRecord(v) ? v : {};
}

/** A die field ("d8") as its number of sides; NaN when it is not a die, 0 when it is the spec's blank "none". */
export function dieSides(value: unknown): number {
  if (value === "") return 0;
  if (typeof value !== "string" || !/^d\d+$/.test(value)) return Number.NaN;
  return Number(value.slice(1));
}

/** The entity's own conditions (the sheet's flags) that the attack reads; the space adds swimming and climbing. */
const SHEET_CONDITIONS: readonly SectionsCondition[] = ["debilitated", "vulnerable", "hindered"];

/** The conditions the card can be told of through the choice's options (decided by the space, not the sheet). */
export const OPTION_CONDITIONS: readonly SectionsCondition[] = [
  "swimming",
  "climbing",
  "debilitated",
  "vulnerable",
  "hindered",
];

export function sheetConditions(system: unknown): SectionsCondition[] {
  const flags = group(system, "conditions");
  const out = SHEET_CONDITIONS.filter((c) => flags[c] === true);
  if (isRecord(system) && system.aquatic === true) out.push("aquatic");
  return out;
}

/** The dice an attack is made with: the item's where it names them, else the entity's own. */
export interface AttackDice {
  readonly hitDie: number;
  readonly damageDie: number;
  readonly weaponType: string;
}

/** The entity's own dice (`dice.hit`, `dice.damage`), used where the item names none. */
export function ownDice(system: unknown): AttackDice {
  const dice = group(system, "dice");
  return { hitDie: dieSides(dice.hit), damageDie: dieSides(dice.damage), weaponType: "" };
}

/**
 * The combatant for an actor: `health.value` as hp, `dice.miss` as its Miss die, the incantation from `incanting`
 * and `incantationCharges`. `dice` is the attack's (the target's own where it does not attack).
 */
export function entityCombatant(
  id: string,
  system: unknown,
  dice: AttackDice,
  extra: readonly SectionsCondition[],
  interrupts: number,
): SectionsCombatant {
  const s = isRecord(system) ? system : {};
  const conditions = [...sheetConditions(s)];
  for (const c of extra) if (!conditions.includes(c)) conditions.push(c);
  const charges = s.incantationCharges;
  return {
    id,
    hp: group(s, "health").value as number,
    hitDie: dice.hitDie,
    missDie: dieSides(group(s, "dice").miss),
    damageDie: dice.damageDie,
    // The specs give no flat damage bonus: the Damage die alone (SEC-68 ruling).
    damageBonus: 0,
    weaponType: dice.weaponType,
    conditions,
    interrupts,
    incantation: { ...NOT_INCANTING, incanting: s.incanting === true, charges: charges as number },
  };
}
