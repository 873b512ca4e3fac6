import { formatModifier, type DiceRoll } from "../../../core/dice/dice-roll.js";
import type { Comparison } from "../../../core/attack/pipeline.js";
import type { CardLine } from "../attack-ruleset.js";

/** Every key of the factions card lives under this prefix (lang/en.json). */
const CARD = "FRAY.Card.Factions.";

export function line(name: string, data: CardLine["data"] = {}, dice = false): CardLine {
  return dice ? { key: `${CARD}${name}`, data, dice: true } : { key: `${CARD}${name}`, data };
}

/** A key as a value: the card layer's frayFormat localises values that are Fray keys. */
export const word = (name: string): string => `${CARD}${name}`;

/** The faces of a roll, a dropped die in brackets ("3, (7)"): the card shows every die the pipeline rolled. */
function faces(roll: DiceRoll): string {
  return roll.dice.map((d) => (d.kept ? `${d.value}` : `(${d.value})`)).join(", ");
}

/**
 * A roll's breakdown as line data: its total, formula, and the dice behind the total only when they are more than
 * the one face (a dropped die, a modifier): "7 on 1d20", "3 on 2d8kl1 (3, (7))", "3 on 1d8/2 (7 -4)".
 */
export function rollData(roll: DiceRoll): Record<string, string | number> {
  const plain = roll.dice.length === 1 && roll.modifier === 0;
  const detail = plain ? "" : ` (${faces(roll)}${roll.modifier === 0 ? "" : ` ${formatModifier(roll.modifier)}`})`;
  return { total: roll.total, formula: roll.formula, detail };
}

/** A save's line data (FAC-25 ruling: d20 roll-under): the roll, the stat it must not exceed, passed or failed. */
export function saveData(roll: DiceRoll, comparison: Comparison): Record<string, string | number> {
  return {
    ...rollData(roll),
    against: comparison.against,
    result: word(comparison.margin >= 0 ? "Save.pass" : "Save.fail"),
  };
}

/** The data keys whose values are actor ids, which the card shows as names (see `withNames`). */
export const ACTOR_KEYS: readonly string[] = [
  "attacker",
  "target",
  "reactor",
  "combatant",
  "behind",
  "ward",
  "holder",
  "held",
  "by",
  "first",
];
