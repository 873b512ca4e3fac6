import { refuse, type Refusal } from "../shared/outcome.js";

/**
 * A dice expression as data: `2d6+1d4-2`, `2d20kh1`, `4d6kl3`. Terms keep their order and sign
 * so that formatting a parsed expression gives back the formula a chat card shows.
 */
export interface Keep {
  readonly which: "highest" | "lowest";
  readonly count: number;
}

export interface DiceTerm {
  readonly kind: "dice";
  readonly sign: 1 | -1;
  readonly count: number;
  readonly sides: number;
  /** Null keeps every die. */
  readonly keep: Keep | null;
}

export interface FlatTerm {
  readonly kind: "flat";
  readonly sign: 1 | -1;
  /** Never negative: the sign carries the direction. */
  readonly value: number;
}

export type ExpressionTerm = DiceTerm | FlatTerm;

export interface DiceExpression {
  readonly terms: readonly ExpressionTerm[];
}

/**
 * More dice than this in one expression is refused: no table rolls 1001 dice, and it keeps a typo from stalling the
 * client.
 */
export const MAX_DICE = 1000;
/** Largest die and largest flat number accepted; keeps every total a safe integer. */
export const MAX_SIDES = 1_000_000;
export const MAX_FLAT = 1_000_000_000;

/** The canonical formula: explicit counts (`1d20`), `kh`/`kl`, no spaces, no leading `+`. */
export function formatExpression(expression: DiceExpression): string {
  let out = "";
  expression.terms.forEach((t, i) => {
    if (t.sign < 0) out += "-";
    else if (i > 0) out += "+";
    out += formatTerm(t);
  });
  return out;
}

export function formatTerm(t: ExpressionTerm): string {
  if (t.kind === "flat") return String(t.value);
  const keep = t.keep === null ? "" : `${t.keep.which === "highest" ? "kh" : "kl"}${t.keep.count}`;
  return `${t.count}d${t.sides}${keep}`;
}

/** How many dice of a term count toward the total. */
export function keptCount(t: DiceTerm): number {
  return t.keep === null ? t.count : t.keep.count;
}

/** The smallest and largest total the expression can roll. */
export function expressionRange(expression: DiceExpression): { readonly min: number; readonly max: number } {
  let min = 0;
  let max = 0;
  for (const t of expression.terms) {
    const lo = t.kind === "flat" ? t.value : keptCount(t);
    const hi = t.kind === "flat" ? t.value : keptCount(t) * t.sides;
    if (t.sign > 0) {
      min += lo;
      max += hi;
    } else {
      min -= hi;
      max -= lo;
    }
  }
  return { min, max };
}

/** The flat part of the expression: the sum of its signed numbers. */
export function expressionModifier(expression: DiceExpression): number {
  let m = 0;
  for (const t of expression.terms) if (t.kind === "flat") m += t.sign * t.value;
  return m;
}

const isWhole = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n);

/**
 * Checks an expression built by code rather than parsed (parsed ones are already checked):
 * zero or negative counts, sides < 1, keeps out of range, too many dice, malformed terms.
 * Null when it is fine.
 */
export function checkExpression(expression: unknown): Refusal | null {
  if (typeof expression !== "object" || expression === null || !Array.isArray((expression as DiceExpression).terms)) {
    return refuse("BadFormula", "a dice expression needs a list of terms", undefined, { position: 0 });
  }
  const terms = (expression as DiceExpression).terms as readonly unknown[];
  if (terms.length === 0)
    return refuse("BadFormula", "a dice expression needs at least one term", undefined, { position: 0 });
  let dice = 0;
  for (let i = 0; i < terms.length; i++) {
    const bad = checkTerm(terms[i], i);
    if (bad) return bad;
    const t = terms[i] as ExpressionTerm;
    if (t.kind === "dice") dice += t.count;
  }
  if (dice > MAX_DICE) return tooManyDice(dice, 0);
  return null;
}

function checkTerm(raw: unknown, i: number): Refusal | null {
  const data = { term: i + 1 };
  if (typeof raw !== "object" || raw === null)
    return refuse("BadFormula", `term ${i + 1} is not a term`, undefined, data);
  const t = raw as Record<string, unknown>;
  if (t.sign !== 1 && t.sign !== -1)
    return refuse("BadFormula", `term ${i + 1} needs a sign of 1 or -1`, undefined, data);
  if (t.kind === "flat") {
    if (!isWhole(t.value) || t.value < 0)
      return refuse("BadFormula", `term ${i + 1} needs a whole, non-negative number`, undefined, data);
    if (t.value > MAX_FLAT) return numberTooLarge(t.value, 0);
    return null;
  }
  if (t.kind !== "dice") return refuse("BadFormula", `term ${i + 1} is neither dice nor a number`, undefined, data);
  if (!isWhole(t.count) || t.count < 1) return noDice(isWhole(t.count) ? t.count : String(t.count), 0);
  if (!isWhole(t.sides) || t.sides < 1 || t.sides > MAX_SIDES)
    return badSides(isWhole(t.sides) ? t.sides : String(t.sides), 0);
  if (t.count > MAX_DICE) return tooManyDice(t.count, 0);
  if (t.keep !== null) {
    const k = t.keep as Record<string, unknown> | undefined;
    if (typeof k !== "object" || k === null || (k.which !== "highest" && k.which !== "lowest")) {
      return refuse("BadFormula", `term ${i + 1} has a malformed keep`, undefined, data);
    }
    if (!isWhole(k.count) || k.count < 1 || k.count > t.count)
      return badKeep(isWhole(k.count) ? k.count : String(k.count), t.count, 0);
  }
  return null;
}

// The refusals, shared with the parser so both speak the same keys.

export function noDice(count: number | string, position: number): Refusal {
  return refuse("NoDice", `a dice term needs at least one die, got ${count}`, undefined, { count, position });
}

export function badSides(sides: number | string, position: number): Refusal {
  return refuse("BadDieSides", `a die needs between 1 and ${MAX_SIDES} sides, got ${sides}`, undefined, {
    sides,
    max: MAX_SIDES,
    position,
  });
}

export function tooManyDice(count: number, position: number): Refusal {
  return refuse(
    "TooManyDice",
    `at most ${MAX_DICE} dice can be rolled at once, the formula asks for ${count}`,
    undefined,
    {
      count,
      max: MAX_DICE,
      position,
    },
  );
}

export function badKeep(keep: number | string, count: number, position: number): Refusal {
  return refuse("BadKeep", `can keep between 1 and ${count} of ${count} dice, asked to keep ${keep}`, undefined, {
    keep,
    count,
    position,
  });
}

export function numberTooLarge(value: number, position: number): Refusal {
  return refuse("NumberTooLarge", `numbers in a formula can be at most ${MAX_FLAT}`, undefined, {
    max: MAX_FLAT,
    position,
    value,
  });
}
