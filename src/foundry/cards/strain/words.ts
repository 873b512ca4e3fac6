import { rollSum } from "../roll-sum.js";
import type { DiceRoll } from "../../../core/dice/dice-roll.js";
import { formatModifier } from "../../../core/dice/dice-roll.js";
import { isRecord } from "../../../core/shared/guards.js";
import type { CardLine } from "../attack-ruleset.js";

/** A line of the strain card: every key is under FRAY.Card.Strain (lang/en.json). */
export function line(key: string, data: CardLine["data"] = {}, dice = false): CardLine {
  const full = `FRAY.Card.Strain.${key}`;
  return dice ? { key: full, data, dice: true } : { key: full, data };
}

/** A value the card localises in turn (frayFormat localises data values that are Fray keys). */
export function word(group: string, name: string): string {
  return `FRAY.Card.Strain.${group}.${name}`;
}

/** The dice as rolled, the dropped ones (Boons and Banes keep two, STR-41 ruling) in brackets: "6, 5, [1]". */
function faces(roll: DiceRoll): string {
  return roll.dice.map((d) => (d.kept ? `${d.value}` : `[${d.value}]`)).join(", ");
}

/** A roll's breakdown as the card's data: formula, dice faces, signed modifier, total. */
export function breakdown(roll: DiceRoll): {
  formula: string;
  dice: string;
  modifier: string;
  total: number;
  sum: string;
} {
  const dice = faces(roll);
  const modifier = roll.modifier === 0 ? "" : ` ${formatModifier(roll.modifier)}`;
  return {
    formula: roll.formula,
    dice,
    modifier,
    total: roll.total,
    sum: rollSum(dice, modifier, roll.total, roll.dice.length),
  };
}

export function isRoll(x: unknown): x is DiceRoll {
  return (
    isRecord(x) &&
    typeof x.formula === "string" &&
    Array.isArray(x.dice) &&
    typeof x.total === "number" &&
    typeof x.modifier === "number"
  );
}

export function num(x: unknown): number {
  return typeof x === "number" ? x : 0;
}
