import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MAX_DICE,
  expressionRange,
  formatExpression,
  keptCount,
  type DiceExpression,
  type ExpressionTerm,
} from "../../../src/core/dice/expression.js";
import { finish } from "../../../src/core/dice/dice-roll.js";
import { rollExpression, rollFormula } from "../../../src/core/dice/expression-roll.js";
import { parseExpression } from "../../../src/core/dice/parse-expression.js";
import { scriptedRoller, seededRoller } from "../../../src/core/shared/roller.js";

function parse(formula: string): DiceExpression {
  const p = parseExpression(formula);
  if (!p.ok) throw new Error(`${formula}: ${p.reason}`);
  return p.expression;
}

describe("dice expressions: parsing", () => {
  it("reads several terms with signs, keeps and implicit counts", () => {
    expect(parse("2d6+1d4-2").terms).toEqual([
      { kind: "dice", sign: 1, count: 2, sides: 6, keep: null },
      { kind: "dice", sign: 1, count: 1, sides: 4, keep: null },
      { kind: "flat", sign: -1, value: 2 },
    ]);
    expect(parse("2d20kh1").terms).toEqual([
      { kind: "dice", sign: 1, count: 2, sides: 20, keep: { which: "highest", count: 1 } },
    ]);
    expect(parse("4d6kl3").terms).toEqual([
      { kind: "dice", sign: 1, count: 4, sides: 6, keep: { which: "lowest", count: 3 } },
    ]);
    expect(parse("-d8").terms).toEqual([{ kind: "dice", sign: -1, count: 1, sides: 8, keep: null }]);
  });

  it("formats to a canonical formula that parses back to the same expression", () => {
    const cases: [string, string][] = [
      ["2d6+1d4-2", "2d6+1d4-2"],
      [" d20 + 5 ", "1d20+5"],
      ["4D6K3", "4d6kh3"],
      ["+3-1d4kl1", "3-1d4kl1"],
      ["007d06", "7d6"],
    ];
    for (const [written, canonical] of cases) {
      expect(formatExpression(parse(written))).toBe(canonical);
      expect(parse(canonical)).toEqual(parse(written));
    }
  });

  it("refuses a bad formula with the position of the first bad character, never throwing", () => {
    const cases: [string, number][] = [
      ["", 0],
      ["   ", 3],
      ["2d", 2],
      ["2d6+", 4],
      ["2d6 x", 4],
      ["2x6", 1],
      ["2d6kh", 5],
      ["d", 1],
      ["2d6++1", 4],
      ["1d4*2", 3],
    ];
    for (const [formula, position] of cases) {
      const p = parseExpression(formula);
      expect(p.ok, formula).toBe(false);
      if (p.ok) continue;
      expect(p.key, formula).toBe("FRAY.Refusal.BadFormula");
      expect(p.data?.position, formula).toBe(position);
    }
  });

  it("refuses zero dice, sides below 1, impossible keeps and absurd counts", () => {
    const cases: [string, string, number][] = [
      ["0d6", "FRAY.Refusal.NoDice", 0],
      ["1+0d6", "FRAY.Refusal.NoDice", 2],
      ["2d0", "FRAY.Refusal.BadDieSides", 2],
      ["2d6kh0", "FRAY.Refusal.BadKeep", 5],
      ["2d6kl3", "FRAY.Refusal.BadKeep", 5],
      ["1001d6", "FRAY.Refusal.TooManyDice", 0],
      ["600d6+500d4", "FRAY.Refusal.TooManyDice", 6],
      ["99999999999999999999", "FRAY.Refusal.NumberTooLarge", 0],
    ];
    for (const [formula, key, position] of cases) {
      const p = parseExpression(formula);
      expect(p.ok, formula).toBe(false);
      if (p.ok) continue;
      expect(p.key, formula).toBe(key);
      expect(p.data?.position, formula).toBe(position);
    }
    expect(parseExpression(`${MAX_DICE}d6`).ok).toBe(true);
  });

  it("refuses expressions built by code with negative counts or bad sides", () => {
    const roller = seededRoller(1);
    const negative = rollExpression(roller, { terms: [{ kind: "dice", sign: 1, count: -2, sides: 6, keep: null }] });
    expect(!negative.ok && negative.key).toBe("FRAY.Refusal.NoDice");
    const noSides = rollExpression(roller, { terms: [{ kind: "dice", sign: 1, count: 2, sides: 0.5, keep: null }] });
    expect(!noSides.ok && noSides.key).toBe("FRAY.Refusal.BadDieSides");
    const empty = rollExpression(roller, { terms: [] });
    expect(!empty.ok && empty.key).toBe("FRAY.Refusal.BadFormula");
    const junk = rollExpression(roller, null as unknown as DiceExpression);
    expect(!junk.ok && junk.key).toBe("FRAY.Refusal.BadFormula");
  });
});

describe("dice expressions: rolling", () => {
  it("rolls 2d6+1d4-2 with pinned dice", () => {
    const roller = scriptedRoller([3, 5, 2]);
    const r = rollFormula(roller, "2d6+1d4-2");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.roll.formula).toBe("2d6+1d4-2");
    expect(r.roll.modifier).toBe(-2);
    expect(r.roll.dice.map((d) => [d.sides, d.value, d.kept])).toEqual([
      [6, 3, true],
      [6, 5, true],
      [4, 2, true],
    ]);
    expect(r.roll.total).toBe(3 + 5 + 2 - 2);
    expect(roller.used).toBe(3);
  });

  it("keeps the highest of 2d20 and the lowest three of 4d6", () => {
    const adv = rollFormula(scriptedRoller([7, 15]), "2d20kh1");
    expect(adv.ok && adv.roll.dice.map((d) => d.kept)).toEqual([false, true]);
    expect(adv.ok && adv.roll.total).toBe(15);
    const low = rollFormula(scriptedRoller([6, 2, 5, 2]), "4d6kl3");
    expect(low.ok && low.roll.dice.map((d) => d.kept)).toEqual([false, true, true, true]);
    expect(low.ok && low.roll.total).toBe(2 + 5 + 2);
  });

  it("keeps the die rolled first among equal values", () => {
    const r = rollFormula(scriptedRoller([9, 9]), "2d20kh1");
    expect(r.ok && r.roll.dice.map((d) => d.kept)).toEqual([true, false]);
  });

  it("subtracts a negative dice term from the total", () => {
    const r = rollFormula(scriptedRoller([8, 3]), "1d8-1d4+1");
    expect(r.ok && r.roll.total).toBe(8 - 3 + 1);
    expect(r.ok && r.roll.dice.map((d) => d.sign)).toEqual([1, -1]);
  });
});

const term: fc.Arbitrary<ExpressionTerm> = fc.oneof(
  fc.record({
    kind: fc.constant("flat" as const),
    sign: fc.constantFrom(1 as const, -1 as const),
    value: fc.integer({ min: 0, max: 50 }),
  }),
  fc
    .record({
      sign: fc.constantFrom(1 as const, -1 as const),
      count: fc.integer({ min: 1, max: 12 }),
      sides: fc.integer({ min: 1, max: 100 }),
      which: fc.constantFrom("highest" as const, "lowest" as const, null),
      keepSeed: fc.nat(),
    })
    .map(({ sign, count, sides, which, keepSeed }) => ({
      kind: "dice" as const,
      sign,
      count,
      sides,
      keep: which === null ? null : { which, count: 1 + (keepSeed % count) },
    })),
);
const expression: fc.Arbitrary<DiceExpression> = fc
  .array(term, { minLength: 1, maxLength: 6 })
  .map((terms) => ({ terms }));

describe("dice expressions: properties", () => {
  it("format then parse gives back the same expression", () => {
    fc.assert(
      fc.property(expression, (e) => {
        expect(parse(formatExpression(e))).toEqual(e);
      }),
    );
  });

  it("the total is always within the formula's [min, max] and each term keeps the right number of dice", () => {
    fc.assert(
      fc.property(expression, fc.integer(), (e, seed) => {
        const r = rollExpression(seededRoller(seed), e);
        if (!r.ok) throw new Error(r.reason);
        const { min, max } = expressionRange(e);
        expect(r.roll.total).toBeGreaterThanOrEqual(min);
        expect(r.roll.total).toBeLessThanOrEqual(max);
        e.terms.forEach((t, i) => {
          const mine = r.roll.dice.filter((d) => d.term === i);
          if (t.kind === "flat") return expect(mine).toHaveLength(0);
          expect(mine).toHaveLength(t.count);
          expect(mine.filter((d) => d.kept)).toHaveLength(keptCount(t));
          for (const d of mine) expect(d.value >= 1 && d.value <= t.sides).toBe(true);
        });
        const signedKept = r.roll.dice.reduce((s, d) => s + (d.kept ? d.sign * d.value : 0), 0);
        expect(r.roll.total).toBe(r.roll.modifier + signedKept);
      }),
    );
  });

  it("with no subtracted dice the roll totals exactly as dice-roll's finish() would", () => {
    fc.assert(
      fc.property(expression, fc.integer(), (e, seed) => {
        const positive = { terms: e.terms.map((t) => (t.kind === "dice" ? { ...t, sign: 1 as const } : t)) };
        const r = rollExpression(seededRoller(seed), positive);
        if (!r.ok) throw new Error(r.reason);
        expect(r.roll.total).toBe(finish(r.roll.formula, r.roll.dice, r.roll.modifier).total);
      }),
    );
  });

  it("the same seed gives the same roll", () => {
    fc.assert(
      fc.property(expression, fc.integer(), (e, seed) => {
        expect(rollExpression(seededRoller(seed), e)).toEqual(rollExpression(seededRoller(seed), e));
      }),
    );
  });

  it("keep-highest keeps dice no lower than any dropped one (and keep-lowest the reverse)", () => {
    fc.assert(
      fc.property(expression, fc.integer(), (e, seed) => {
        const r = rollExpression(seededRoller(seed), e);
        if (!r.ok) throw new Error(r.reason);
        e.terms.forEach((t, i) => {
          if (t.kind !== "dice" || t.keep === null) return;
          const mine = r.roll.dice.filter((d) => d.term === i);
          const kept = mine.filter((d) => d.kept).map((d) => d.value);
          const dropped = mine.filter((d) => !d.kept).map((d) => d.value);
          if (dropped.length === 0) return;
          if (t.keep.which === "highest") expect(Math.min(...kept)).toBeGreaterThanOrEqual(Math.max(...dropped));
          else expect(Math.max(...kept)).toBeLessThanOrEqual(Math.min(...dropped));
        });
      }),
    );
  });

  it("any text at all is parsed or refused, never thrown", () => {
    const chars = fc.constantFrom(..."0123456789dDkKhHlL+- x*()".split(""));
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: chars, maxLength: 20 })), (s) => {
        const p = parseExpression(s);
        if (p.ok) expect(parse(formatExpression(p.expression))).toEqual(p.expression);
        else expect(typeof p.data?.position).toBe("number");
      }),
    );
  });
});
