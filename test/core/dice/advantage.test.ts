import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { scriptedRoller, seededRoller } from "../../../src/core/shared/roller.js";
import { netEdge, rollTest, testTotal } from "../../../src/core/dice/advantage.js";
import {
  isLuckCritical,
  isLuckMisfire,
  luckBonus,
  luckTest,
  luckTotal,
  rollLuck,
} from "../../../src/core/dice/luck-die.js";

const spear = { dice: [6, 6], modifier: 1 };

describe("advantage", () => {
  it("TEAM-46 a plain test rolls each die once, all kept", () => {
    const r = rollTest(scriptedRoller([2, 3]), spear);
    expect(r.total).toBe(6);
    expect(r.formula).toBe("2d6+1");
    expect(r.dice.every((d) => d.kept)).toBe(true);
  });

  it("TEAM-56 advantage rolls the test twice and keeps the better (ruling)", () => {
    const r = rollTest(scriptedRoller([1, 2, 5, 4]), spear, 1);
    expect(r.total).toBe(10);
    expect(r.dice.map((d) => d.kept)).toEqual([false, false, true, true]);
  });

  it("TEAM-58 double advantage rolls three times and keeps the best (ruling)", () => {
    const r = rollTest(scriptedRoller([3, 3, 6, 1, 2, 2]), spear, 2);
    expect(r.total).toBe(8);
    expect(r.dice.filter((d) => d.kept).map((d) => d.value)).toEqual([6, 1]);
    expect(r.dice).toHaveLength(6);
  });

  it("TEAM-58 disadvantage keeps the worse roll (ruling)", () => {
    const r = rollTest(scriptedRoller([5, 5, 1, 2]), spear, -1);
    expect(r.total).toBe(4);
  });

  it("TEAM-58 advantages and disadvantages cancel and cap at double", () => {
    expect(netEdge(2, 0)).toBe(2);
    expect(netEdge(3, 0)).toBe(2);
    expect(netEdge(1, 1)).toBe(0);
    expect(netEdge(0, 1)).toBe(-1);
  });

  it("TEAM-58 advantage is never worse and disadvantage never better than a plain roll from the same dice", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: -2, max: 2 }), (seed, edge) => {
        const plain = rollTest(seededRoller(seed), spear, 0);
        const edged = rollTest(seededRoller(seed), spear, edge);
        expect(edged.dice).toHaveLength(2 * (Math.abs(edge) + 1));
        expect(edged.dice.filter((d) => d.kept)).toHaveLength(2);
        if (edge > 0) expect(edged.total).toBeGreaterThanOrEqual(plain.total);
        if (edge < 0) expect(edged.total).toBeLessThanOrEqual(plain.total);
        if (edge === 0) expect(edged).toEqual(plain);
      }),
    );
  });
});

describe("luck die", () => {
  it("TEAM-50 the luck die is a d20 by default (ruling) and a roll at or above the threshold is a critical", () => {
    const r = rollLuck(scriptedRoller([19]));
    expect(r.dice[0]?.sides).toBe(20);
    expect(isLuckCritical(r.total, 19)).toBe(true);
    expect(isLuckCritical(18, 19)).toBe(false);
  });

  it("TEAM-50 outside attacks a luck roll of 20+ gives +4", () => {
    expect(luckBonus(20)).toBe(4);
    expect(luckBonus(19)).toBe(0);
  });

  it("TEAM-52 a luck roll of 1 or less is a misfire", () => {
    expect(isLuckMisfire(1)).toBe(true);
    expect(isLuckMisfire(0)).toBe(true);
    expect(isLuckMisfire(2)).toBe(false);
  });

  it("TEAM-70 a luck test meets its difficulty at 10", () => {
    expect(luckTest(scriptedRoller([10]), 10).success).toBe(true);
    expect(luckTest(scriptedRoller([9]), 10).success).toBe(false);
    expect(luckTest(scriptedRoller([6]), 10, 2, 8).roll.total).toBe(8);
  });
});

describe("totals without the roll to show (the simulator's quick resolvers)", () => {
  const pool = fc.record({
    dice: fc.array(fc.constantFrom(4, 6, 8, 10, 12, 20), { maxLength: 3 }),
    modifier: fc.integer({ min: -3, max: 3 }),
  });

  it("TEAM-58 testTotal gives rollTest's total from the same dice, drawn in the same order, at every edge", () => {
    fc.assert(
      fc.property(fc.integer(), pool, fc.integer({ min: -3, max: 3 }), (seed, p, edge) => {
        const a = seededRoller(seed);
        const b = seededRoller(seed);
        expect(testTotal(b, p, edge)).toBe(rollTest(a, p, edge).total);
        // The two rollers are still in step: the next die is the same.
        expect(b.die(1000)).toBe(a.die(1000));
      }),
    );
  });

  it("TEAM-50 luckTotal gives rollLuck's total from the same die", () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: -3, max: 3 }),
        fc.constantFrom(6, 12, 20),
        (seed, modifier, sides) => {
          const a = seededRoller(seed);
          const b = seededRoller(seed);
          expect(luckTotal(b, modifier, sides)).toBe(rollLuck(a, modifier, sides).total);
          expect(b.die(1000)).toBe(a.die(1000));
        },
      ),
    );
  });
});
