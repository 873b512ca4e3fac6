import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { DICE_LEVELS, rollAtLevel, stepDie } from "../../../src/core/dice/dice-level.js";
import { scriptedRoller } from "../../../src/core/shared/roller.js";

describe("dice levels", () => {
  it("SEC-68 lowering a d8 one level gives a d6, raising it gives a d10", () => {
    expect(stepDie(8, -1)).toEqual({ sides: 6, clamped: false });
    expect(stepDie(8, 1)).toEqual({ sides: 10, clamped: false });
  });

  it("SEC-68 penalties stack: a d10 lowered twice is a d6", () => {
    expect(stepDie(10, -2).sides).toBe(6);
  });

  it("SEC-68 stepping clamps at d4 and d12 and says so", () => {
    expect(stepDie(4, -1)).toEqual({ sides: 4, clamped: true });
    expect(stepDie(12, 3)).toEqual({ sides: 12, clamped: true });
  });

  it("SEC-68 property: the result is always a dice level and moves monotonically", () => {
    fc.assert(
      fc.property(fc.constantFrom(...DICE_LEVELS), fc.integer({ min: -6, max: 6 }), (sides, steps) => {
        const s = stepDie(sides, steps).sides;
        expect(DICE_LEVELS).toContain(s);
        if (steps > 0) expect(s).toBeGreaterThanOrEqual(sides);
        if (steps < 0) expect(s).toBeLessThanOrEqual(sides);
      }),
    );
  });

  it("SEC-68 rollAtLevel rolls the stepped die", () => {
    const r = rollAtLevel(scriptedRoller([5]), 8, -1, 1);
    expect(r.dice).toEqual([{ sides: 6, value: 5, kept: true }]);
    expect(r.total).toBe(6);
  });
});
