import { isList } from "../../shared/guards.js";
import { shown } from "../../shared/shown.js";
import { refuse, type Refusal } from "../../shared/outcome.js";
import { requireInteger, requireNonNegativeInteger } from "../pipeline.js";
import type { TeamsCombatant, TeamsWeapon } from "./combatant.js";

/** Whether a combatant sent to the card has every number, pool and item the rules read. */
export function validCombatant(c: TeamsCombatant): Refusal | null {
  if (typeof c !== "object" || c === null || typeof c.id !== "string")
    return refuse("InvalidCombatant", "a combatant needs an id", undefined, { id: "(none)" });
  for (const k of [
    "endurance",
    "maxEndurance",
    "health",
    "maxHealth",
    "constitution",
    "stamina",
    "focus",
    "reactions",
    "attacksThisRound",
    "cheatDeathDifficulty",
  ] as const) {
    const r = requireNonNegativeInteger(c[k], `${c.id}.${k}`);
    if (r) return r;
  }
  for (const k of ["evasion", "size", "luckModifier"] as const) {
    const r = requireInteger(c[k], `${c.id}.${k}`);
    if (r) return r;
  }
  if (c.endurance > c.maxEndurance || c.health > c.maxHealth)
    return refuse("InvalidCombatant", `${c.id} has more than its maximum`, undefined, { id: c.id });
  if (
    !isList(c.items) ||
    !c.deflection ||
    !Number.isInteger(c.deflection.physical) ||
    !Number.isInteger(c.deflection.elemental)
  ) {
    return refuse("InvalidCombatant", `${c.id} needs a list of items and its deflection`, undefined, { id: c.id });
  }
  const ids = new Set<string>();
  for (const i of c.items) {
    if (ids.has(i.id)) return refuse("InvalidCombatant", `${c.id} has two items ${i.id}`, undefined, { id: c.id });
    ids.add(i.id);
    if (i.durability !== null && requireNonNegativeInteger(i.durability, "durability"))
      return refuse("NegativeValue", `${i.name}'s durability must be zero or more`, "TEAM-44", {
        name: i.name,
        value: shown(i.durability),
      });
  }
  for (const pool of [c.dodge, c.fortify, c.resist]) {
    if (
      !pool ||
      !isList(pool.dice) ||
      !pool.dice.every((s) => Number.isInteger(s) && s >= 1) ||
      !Number.isInteger(pool.modifier)
    ) {
      return refuse("InvalidCombatant", `${c.id} has a malformed test`, undefined, { id: c.id });
    }
  }
  return validWeapon(c.weapon, c.id);
}

/** TEAM-46: a weapon has its attack dice, damage, critical damage and threshold. */
export function validWeapon(w: TeamsWeapon | undefined, id: string): Refusal | null {
  const ok =
    !!w &&
    typeof w === "object" &&
    !!w.attack &&
    isList(w.attack.dice) &&
    w.attack.dice.every((s) => Number.isInteger(s) && s >= 1) &&
    Number.isInteger(w.attack.modifier) &&
    Number.isInteger(w.damage) &&
    Number.isInteger(w.criticalDamage) &&
    Number.isInteger(w.criticalThreshold);
  return ok
    ? null
    : refuse(
        "MalformedWeapon",
        `${id}'s weapon needs its attack dice, damage, critical damage and threshold`,
        "TEAM-46",
        { id },
      );
}
