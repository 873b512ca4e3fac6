import { refuse, type Refusal } from "../../shared/outcome.js";
import { requireInteger, requireNonNegativeInteger } from "../pipeline.js";
import type { EscalationCombatant, EscalationWeapon } from "./combatant.js";

/** Whether a combatant sent to the card (at the start, or summoned) has every number and list the rules read. */
export function validCombatant(c: EscalationCombatant): Refusal | null {
  if (typeof c !== "object" || c === null || typeof c.id !== "string")
    return refuse("InvalidCombatant", "a combatant needs an id", undefined, { id: "(none)" });
  for (const k of ["hp", "maxHp", "armor", "level", "movement", "freeHitsUsed"] as const) {
    const r = requireNonNegativeInteger(c[k], `${c.id}.${k}`);
    if (r) return r;
  }
  for (const k of ["accuracy", "agility", "strength"] as const) {
    const r = requireInteger(c[k], `${c.id}.${k}`);
    if (r) return r;
  }
  const a = c.actions;
  if (
    !Array.isArray(c.feats) ||
    !Array.isArray(c.wounds) ||
    !Array.isArray(c.focusWeapons) ||
    !a ||
    [a.aa, a.ma, a.ba].some((n) => requireNonNegativeInteger(n, "actions"))
  ) {
    return refuse("InvalidCombatant", `${c.id} needs its feats, wounds, focus weapons and actions`, undefined, {
      id: c.id,
    });
  }
  return validWeapon(c.weapon, c.id);
}

/** ESC-15: a weapon rolls a whole number of dice with at least one side. */
export function validWeapon(w: EscalationWeapon | undefined, id: string): Refusal | null {
  if (
    !w ||
    typeof w !== "object" ||
    requireNonNegativeInteger(w.dice, "dice") ||
    !Number.isInteger(w.sides) ||
    w.sides < 1 ||
    !Number.isInteger(w.modifier)
  ) {
    return refuse("MalformedWeapon", `${id}'s weapon needs a whole number of dice with at least one side`, "ESC-15", {
      id,
    });
  }
  return null;
}
