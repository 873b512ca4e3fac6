import { refuse, type Refusal } from "../shared/outcome.js";
import {
  MAX_DICE,
  MAX_FLAT,
  MAX_SIDES,
  badKeep,
  badSides,
  noDice,
  numberTooLarge,
  tooManyDice,
  type DiceExpression,
  type ExpressionTerm,
  type Keep,
} from "./expression.js";

export type Parsed = { readonly ok: true; readonly expression: DiceExpression } | Refusal;

/**
 * Reads `NdX`, `dX`, `NdXkhK`, `NdXklK` (`k` alone means `kh`) and whole numbers, joined by `+` and `-`,
 * with spaces allowed between terms. Never throws: a bad formula is a Refusal whose data carries the
 * 0-based `position` of the first character that could not be read.
 */
export function parseExpression(formula: string): Parsed {
  if (typeof formula !== "string") return bad("the formula is not text", 0, "");
  const p = new Reader(formula);
  const terms: ExpressionTerm[] = [];
  let dice = 0;
  p.skipSpaces();
  if (p.atEnd()) return bad("the formula is empty", p.at, formula);
  let sign: 1 | -1 = 1;
  if (p.peek() === "+" || p.peek() === "-") {
    sign = p.next() === "-" ? -1 : 1;
    p.skipSpaces();
  }
  for (;;) {
    const term = readTerm(p, sign, formula);
    if (!term.ok) return term;
    terms.push(term.term);
    if (term.term.kind === "dice") {
      dice += term.term.count;
      if (dice > MAX_DICE) return tooManyDice(dice, term.start);
    }
    p.skipSpaces();
    if (p.atEnd()) break;
    const c = p.peek();
    if (c !== "+" && c !== "-") return bad(`expected + or - but found "${c}"`, p.at, formula);
    sign = p.next() === "-" ? -1 : 1;
    p.skipSpaces();
    if (p.atEnd()) return bad(`the formula ends after "${c}"`, p.at, formula);
  }
  return { ok: true, expression: { terms } };
}

type ReadTerm = { readonly ok: true; readonly term: ExpressionTerm; readonly start: number } | Refusal;

function readTerm(p: Reader, sign: 1 | -1, formula: string): ReadTerm {
  const start = p.at;
  const count = p.number();
  if (count !== null && count.value > MAX_FLAT) return numberTooLarge(count.value, start);
  if (!isD(p.peek())) {
    if (count === null) return bad(`expected a number or a die but found "${p.peek()}"`, p.at, formula);
    return { ok: true, term: { kind: "flat", sign, value: count.value }, start };
  }
  p.next();
  const n = count === null ? 1 : count.value;
  if (n < 1) return noDice(n, start);
  if (n > MAX_DICE) return tooManyDice(n, start);
  const sidesAt = p.at;
  const sides = p.number();
  if (sides === null) return bad("expected the number of sides after d", p.at, formula);
  if (sides.value < 1 || sides.value > MAX_SIDES) return badSides(sides.value, sidesAt);
  let keep: Keep | null = null;
  if (p.peek() === "k" || p.peek() === "K") {
    p.next();
    let which: Keep["which"] = "highest";
    const h = p.peek();
    if (h === "h" || h === "H" || h === "l" || h === "L") {
      p.next();
      if (h === "l" || h === "L") which = "lowest";
    }
    const keepAt = p.at;
    const k = p.number();
    if (k === null) return bad("expected how many dice to keep", p.at, formula);
    if (k.value < 1 || k.value > n) return badKeep(k.value, n, keepAt);
    keep = { which, count: k.value };
  }
  return { ok: true, term: { kind: "dice", sign, count: n, sides: sides.value, keep }, start };
}

const isD = (c: string): boolean => c === "d" || c === "D";

class Reader {
  at = 0;
  constructor(readonly text: string) {}
  atEnd(): boolean {
    return this.at >= this.text.length;
  }
  peek(): string {
    return this.text.charAt(this.at);
  }
  next(): string {
    return this.text.charAt(this.at++);
  }
  skipSpaces(): void {
    while (this.peek() === " " || this.peek() === "\t") this.at++;
  }
  /**
   * A run of digits; values past MAX_FLAT are clamped just above it so a huge literal never loses precision silently.
   */
  number(): { value: number } | null {
    const from = this.at;
    while (this.peek() >= "0" && this.peek() <= "9") this.at++;
    if (this.at === from) return null;
    const digits = this.text.slice(from, this.at).replace(/^0+(?=\d)/, "");
    return { value: digits.length > 10 ? MAX_FLAT + 1 : Number(digits) };
  }
}

function bad(reason: string, position: number, formula: string): Refusal {
  return refuse("BadFormula", `cannot read the formula "${formula}" at position ${position}: ${reason}`, undefined, {
    formula,
    position,
  });
}
