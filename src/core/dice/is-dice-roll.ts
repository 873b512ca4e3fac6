import type { DiceRoll } from "./dice-roll.js";

/** Whether a stored value is a DiceRoll (a card's data read back): a formula, whole dice, a modifier and a total. */
export function isDiceRoll(x: unknown): x is DiceRoll {
  if (typeof x !== "object" || x === null) return false;
  const r = x as Record<string, unknown>;
  if (
    typeof r.formula !== "string" ||
    !Number.isFinite(r.total) ||
    !Number.isFinite(r.modifier) ||
    !Array.isArray(r.dice)
  )
    return false;
  return r.dice.every((d: unknown) => {
    if (typeof d !== "object" || d === null) return false;
    const { sides, value, kept } = d as Record<string, unknown>;
    return Number.isInteger(sides) && Number.isInteger(value) && typeof kept === "boolean";
  });
}
