import type { Refusal } from "../shared/outcome.js";
import type { Roller } from "../shared/roller.js";
import type { DiceRoll, DieResult } from "./dice-roll.js";
import {
  checkExpression,
  expressionModifier,
  formatExpression,
  type DiceExpression,
  type DiceTerm,
} from "./expression.js";
import { parseExpression } from "./parse-expression.js";

/** A die of an expression: which term it came from and whether that term is added or subtracted. */
export interface ExpressionDie extends DieResult {
  readonly term: number;
  readonly sign: 1 | -1;
}

/**
 * A DiceRoll whose dice say which term they belong to. The total is the modifier plus the signed
 * kept dice, so with a subtracted dice term (`1d8-1d4`) it is not the plain sum of kept dice.
 */
export interface ExpressionRoll extends DiceRoll {
  readonly dice: readonly ExpressionDie[];
}

export type Rolled = { readonly ok: true; readonly roll: ExpressionRoll } | Refusal;

/** Roll a checked expression: every die in order, term by term, through the injected roller. */
export function rollExpression(roller: Roller, expression: DiceExpression): Rolled {
  const wrong = checkExpression(expression);
  if (wrong) return wrong;
  const dice: ExpressionDie[] = [];
  let total = expressionModifier(expression);
  expression.terms.forEach((t, index) => {
    if (t.kind !== "dice") return;
    const values: number[] = [];
    for (let i = 0; i < t.count; i++) values.push(roller.die(t.sides));
    const kept = keptFlags(t, values);
    values.forEach((value, i) => {
      const k = kept[i] === true;
      dice.push({ sides: t.sides, value, kept: k, term: index, sign: t.sign });
      if (k) total += t.sign * value;
    });
  });
  return {
    ok: true,
    roll: { formula: formatExpression(expression), dice, modifier: expressionModifier(expression), total },
  };
}

/** Parse and roll in one step; the formula on the roll is the canonical one. */
export function rollFormula(roller: Roller, formula: string): Rolled {
  const parsed = parseExpression(formula);
  return parsed.ok ? rollExpression(roller, parsed.expression) : parsed;
}

/** Which dice a keep-highest/lowest keeps; among equal values the die rolled first is kept. */
export function keptFlags(t: DiceTerm, values: readonly number[]): boolean[] {
  if (t.keep === null) return values.map(() => true);
  const dir = t.keep.which === "highest" ? -1 : 1;
  const order = values.map((_, i) => i).sort((a, b) => dir * ((values[a] ?? 0) - (values[b] ?? 0)) || a - b);
  const flags = values.map(() => false);
  for (const i of order.slice(0, t.keep.count)) flags[i] = true;
  return flags;
}
