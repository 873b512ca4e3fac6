import { requireNonNegativeInteger } from "../pipeline.js";
import { shown } from "../../shared/shown.js";
import { isDiceLevel } from "../../dice/dice-level.js";
import { refuse, type Refusal } from "../../shared/outcome.js";
import type { IncantationState } from "./incantation.js";

/** Conditions the sections attack reads; each is a dice-level change (see effective-dice.ts). */
export type SectionsCondition =
  "debilitated" | "vulnerable" | "hindered" | "swimming" | "aquatic" | "climbing" | "defeated";

/** One entity as the attack needs it, sent as plain data in the declare command. */
export interface SectionsCombatant {
  readonly id: string;
  readonly hp: number;
  /** Hit die of the weapon (sides: 4, 6, 8, 10 or 12). */
  readonly hitDie: number;
  /** Miss die from armour and shield. */
  readonly missDie: number;
  /** Damage die of the weapon. */
  readonly damageDie: number;
  /** Flat damage added to the Damage die; 0 when the card gives none. */
  readonly damageBonus: number;
  /** Weapon type keyword, e.g. "dagger", "spear", "sword"; "" for none. SEC-71 reads it. */
  readonly weaponType: string;
  readonly conditions: readonly SectionsCondition[];
  /** Interrupts left this round: Intercept (SEC-47) spends one. */
  readonly interrupts: number;
  readonly incantation: IncantationState;
}

export function has(c: SectionsCombatant, condition: SectionsCondition): boolean {
  // A loop, not includes: the simulator asks several times an attack, mostly of empty lists (bench/diary.md).
  const list = c.conditions;
  for (let i = 0; i < list.length; i++) if (list[i] === condition) return true;
  return false;
}

export function isDefeated(c: SectionsCombatant): boolean {
  return c.hp <= 0 || has(c, "defeated");
}

/** Check a combatant sent as data; answers the first problem found, or null. */
export function checkCombatant(c: SectionsCombatant, role: string): Refusal | null {
  if (c === null || typeof c !== "object" || typeof c.id !== "string" || c.id === "") {
    return refuse("MalformedCombatant", `the ${role} is missing or has no id`, undefined, { role });
  }
  for (const [name, value] of [
    ["hp", c.hp],
    ["damageBonus", c.damageBonus],
    ["interrupts", c.interrupts],
  ] as const) {
    const bad = requireNonNegativeInteger(value, `${role} ${name}`);
    if (bad) return bad;
  }
  for (const [name, value] of [
    ["hitDie", c.hitDie],
    ["missDie", c.missDie],
    ["damageDie", c.damageDie],
  ] as const) {
    if (!isDiceLevel(value)) {
      return refuse("NotADiceLevel", `${role} ${name} must be d4, d6, d8, d10 or d12, got ${shown(value)}`, "SEC-68", {
        name: `${role} ${name}`,
        value: shown(value),
      });
    }
  }
  if (!Array.isArray(c.conditions) || typeof c.weaponType !== "string" || !c.incantation) {
    return refuse(
      "MalformedCombatant",
      `the ${role} ${c.id} is missing conditions, weaponType or incantation`,
      undefined,
      { role },
    );
  }
  return null;
}
