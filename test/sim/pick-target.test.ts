import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pickEnemy, pickEnemyAmong } from "../../src/sim/pick-target.js";

interface Unit {
  readonly up: boolean;
  readonly score: number;
}

describe("target choice", () => {
  it("pickEnemyAmong, over the members themselves, picks the enemy pickEnemy picks over their places", () => {
    let picked = 0;
    let nobody = 0;
    fc.assert(
      fc.property(
        fc.array(fc.record({ up: fc.boolean(), score: fc.integer({ min: -3, max: 3 }) }), { minLength: 2, maxLength: 9 }),
        fc.constantFrom("weakest" as const, "strongest" as const, "first" as const),
        fc.nat(),
        fc.nat(),
        (units: Unit[], choice, naSeed, meSeed) => {
          const na = 1 + (naSeed % (units.length - 1));
          const me = meSeed % units.length;
          const byPlace = pickEnemy(
            choice,
            me,
            na,
            units.length,
            (i) => (units[i] as Unit).up,
            (i) => (units[i] as Unit).score,
          );
          const t = pickEnemyAmong(
            choice,
            me,
            na,
            units,
            (u) => u.up,
            (u) => u.score,
          );
          expect(t).toBe(byPlace);
          if (t < 0) nobody++;
          else picked++;
        },
      ),
      { numRuns: 500 },
    );
    // Both outcomes seen, so the property compares real choices.
    expect(picked).toBeGreaterThan(200);
    expect(nobody).toBeGreaterThan(5);
  });
});
