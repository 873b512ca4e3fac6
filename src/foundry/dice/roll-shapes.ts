import type { DiceRoll, DieResult } from "../../core/dice/dice-roll.js";
import type { ExpressionDie } from "../../core/dice/expression-roll.js";
import { parseExpression } from "../../core/dice/parse-expression.js";

/**
 * A roll the core made, as the data of Foundry's dice terms (what `RollTerm#toJSON` writes and `RollTerm.fromData`
 * reads): the dice with the faces the core used, a dropped die `active: false, discarded: true` as Foundry marks a
 * die a keep dropped, and the flat modifier. Nothing is rolled here: every face is the core's.
 */
export interface DieResultData {
  readonly result: number;
  readonly active: boolean;
  readonly discarded?: true;
  /** A counted die (Foundry's `cs` modifier): 1 when it showed what it needed, else 0. */
  readonly success?: true;
  readonly count?: number;
}

export interface DieData {
  readonly class: "Die";
  readonly number: number;
  readonly faces: number;
  readonly modifiers: readonly string[];
  readonly results: readonly DieResultData[];
  readonly options: Record<string, never>;
  readonly evaluated: true;
}

export interface OperatorData {
  readonly class: "OperatorTerm";
  readonly operator: "+" | "-";
  readonly options: Record<string, never>;
  readonly evaluated: true;
}

export interface NumericData {
  readonly class: "NumericTerm";
  readonly number: number;
  readonly options: Record<string, never>;
  readonly evaluated: true;
}

/** A roll inside a pool (one attempt of a teams test with advantage), as `Roll#toJSON` writes it. */
export interface InnerRollData {
  readonly class: "Roll";
  readonly formula: string;
  readonly terms: readonly TermData[];
  readonly total: number;
  readonly options: Record<string, never>;
  readonly dice: readonly never[];
  readonly evaluated: true;
}

/** Foundry's `{…, …}kh` pool: the whole test rolled once per attempt, the best (or worst) attempt kept. */
export interface PoolData {
  readonly class: "PoolTerm";
  readonly terms: readonly string[];
  readonly modifiers: readonly string[];
  readonly rolls: readonly InnerRollData[];
  readonly results: readonly DieResultData[];
  readonly options: Record<string, never>;
  readonly evaluated: true;
}

export type TermData = DieData | OperatorData | NumericData | PoolData;

/**
 * One Foundry roll made of a core roll: `roll` is the roll itself; `extra` the dice the core rolled with it that do
 * not add to its total, each read by whether it showed its highest face (escalation's critical and tragedy chains,
 * the fatal die), shown as Foundry's counted dice so the roll's total is how many did.
 */
export interface RollShape {
  readonly part: "roll" | "extra";
  readonly terms: readonly TermData[];
  readonly total: number;
}

const NO_OPTIONS: Record<string, never> = {};

const operator = (op: "+" | "-"): OperatorData => ({
  class: "OperatorTerm",
  operator: op,
  options: NO_OPTIONS,
  evaluated: true,
});
const numeric = (n: number): NumericData => ({ class: "NumericTerm", number: n, options: NO_OPTIONS, evaluated: true });

function result(d: DieResult): DieResultData {
  return d.kept ? { result: d.value, active: true } : { result: d.value, active: false, discarded: true };
}

function die(dice: readonly DieResult[], modifiers: readonly string[] = []): DieData {
  const faces = dice[0]?.sides ?? 0;
  return {
    class: "Die",
    number: dice.length,
    faces,
    modifiers,
    results: dice.map(result),
    options: NO_OPTIONS,
    evaluated: true,
  };
}

/** A term after the first: its operator, then the term; a negative number is written `- n`, as Foundry writes it. */
function push(terms: TermData[], sign: 1 | -1, term: TermData): void {
  if (terms.length > 0) terms.push(operator(sign < 0 ? "-" : "+"));
  else if (sign < 0) terms.push(operator("-"));
  terms.push(term);
}

function pushModifier(terms: TermData[], modifier: number): void {
  if (modifier !== 0) push(terms, modifier < 0 ? -1 : 1, numeric(Math.abs(modifier)));
}

/** Runs of the same die size, kept or not alike: `2d8 + 1d4` for a weapon's dice and sneak dice. */
function runs(dice: readonly DieResult[]): DieResult[][] {
  const out: DieResult[][] = [];
  for (const d of dice) {
    const last = out.at(-1);
    if (last && last[0]!.sides === d.sides) last.push(d);
    else out.push([d]);
  }
  return out;
}

/** The data's formula as Foundry's `Roll.getFormula` writes it from the terms. */
export function termsFormula(terms: readonly TermData[]): string {
  return terms.map(termFormula).join("");
}

function termFormula(t: TermData): string {
  switch (t.class) {
    case "Die":
      return `${t.number}d${t.faces}${t.modifiers.join("")}`;
    case "OperatorTerm":
      return ` ${t.operator} `;
    case "NumericTerm":
      return String(t.number);
    case "PoolTerm":
      return `{${t.terms.join(",")}}${t.modifiers.join("")}`;
  }
}

/** The total Foundry computes from the terms: active results (or their counts), signed by the operator before them. */
export function termsTotal(terms: readonly TermData[]): number {
  let total = 0;
  let sign = 1;
  for (const t of terms) {
    if (t.class === "OperatorTerm") {
      sign = t.operator === "-" ? -sign : 1;
      continue;
    }
    const value =
      t.class === "NumericTerm" ? t.number : t.results.reduce((s, r) => (r.active ? s + (r.count ?? r.result) : s), 0);
    total += sign * value;
    sign = 1;
  }
  return total;
}

const EDGE = /\s+(adv|dis)(?:x(\d+))?$/;

/**
 * The Foundry rolls of one core roll: none when it rolled no die (a free critical, a teams damage read off the test),
 * else the roll with the rule set's formula and, when the core rolled more dice with it than its formula adds up,
 * those.
 */
export function rollShapes(roll: DiceRoll): RollShape[] {
  if (roll.dice.length === 0) return [];
  const edge = EDGE.exec(roll.formula);
  const shaped = edge ? poolShape(roll, edge[1] === "adv", Number(edge[2] ?? 1)) : parsedShape(roll);
  const shapes = shaped ?? plainShape(roll);
  // The totals are the core's or the roll is shown plainly, die by die, which always adds up to the core's total.
  return termsTotal(shapes[0]!.terms) === roll.total ? shapes : plainShape(roll);
}

/**
 * Dice as the core rolled them, a term per run of one size, then the modifier; trailing dice that add nothing apart.
 */
function plainShape(roll: DiceRoll): RollShape[] {
  const keeps = /k[hl]?\d/.test(roll.formula);
  let end = roll.dice.length;
  if (!keeps) while (end > 1 && roll.dice[end - 1]!.kept === false) end--;
  const terms: TermData[] = [];
  for (const run of runs(roll.dice.slice(0, end))) push(terms, 1, die(run));
  pushModifier(terms, roll.modifier);
  return withExtra(terms, roll.dice.slice(end));
}

function withExtra(terms: TermData[], extra: readonly DieResult[]): RollShape[] {
  const shapes: RollShape[] = [{ part: "roll", terms, total: termsTotal(terms) }];
  if (extra.length === 0) return shapes;
  const counted: TermData[] = [];
  for (const d of extra) {
    const hit = d.value === d.sides;
    const data: DieData = {
      ...die([d], [`cs>=${d.sides}`]),
      results: [
        hit ? { result: d.value, active: true, success: true, count: 1 } : { result: d.value, active: true, count: 0 },
      ],
    };
    push(counted, 1, data);
  }
  shapes.push({ part: "extra", terms: counted, total: termsTotal(counted) });
  return shapes;
}

/**
 * The core's formula read as written (`3d6kh2+2`, `2d10kl1`, `1d8-1d4`), its dice taken in order; null when it does not
 * read.
 */
function parsedShape(roll: DiceRoll): RollShape[] | null {
  const parsed = parseExpression(roll.formula);
  if (!parsed.ok) return null;
  const terms: TermData[] = [];
  let at = 0;
  for (const t of parsed.expression.terms) {
    if (t.kind === "flat") {
      push(terms, t.sign, numeric(t.value));
      continue;
    }
    const dice = roll.dice.slice(at, at + t.count);
    if (dice.length < t.count || dice.some((d) => d.sides !== t.sides || signOf(d) !== t.sign)) return null;
    at += t.count;
    const keep = t.keep === null ? [] : [`${t.keep.which === "highest" ? "kh" : "kl"}${t.keep.count}`];
    push(terms, t.sign, die(dice, keep));
  }
  return withExtra(terms, roll.dice.slice(at));
}

const signOf = (d: DieResult): 1 | -1 => ((d as Partial<ExpressionDie>).sign === -1 ? -1 : 1);

/**
 * A test rolled once per attempt (teams' advantage): Foundry's pool keeping the best or worst attempt, then the
 * modifier.
 */
function poolShape(roll: DiceRoll, advantage: boolean, edge: number): RollShape[] | null {
  const attempts = edge + 1;
  const per = roll.dice.length / attempts;
  if (!Number.isInteger(per) || per < 1) return null;
  const rolls: InnerRollData[] = [];
  const results: DieResultData[] = [];
  for (let a = 0; a < attempts; a++) {
    const dice = roll.dice.slice(a * per, (a + 1) * per);
    const inner: TermData[] = [];
    // Inside an attempt every die counts: the pool, not the die, is kept or dropped.
    for (const run of runs(dice)) push(inner, 1, die(run.map((d) => ({ ...d, kept: true }))));
    const total = termsTotal(inner);
    rolls.push({
      class: "Roll",
      formula: termsFormula(inner),
      terms: inner,
      total,
      options: NO_OPTIONS,
      dice: [],
      evaluated: true,
    });
    results.push(dice[0]!.kept ? { result: total, active: true } : { result: total, active: false, discarded: true });
  }
  const pool: PoolData = {
    class: "PoolTerm",
    terms: rolls.map((r) => r.formula),
    modifiers: [advantage ? "kh" : "kl"],
    rolls,
    results,
    options: NO_OPTIONS,
    evaluated: true,
  };
  const terms: TermData[] = [pool];
  pushModifier(terms, roll.modifier);
  return [{ part: "roll", terms, total: termsTotal(terms) }];
}
