import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rollDice } from "../../../src/core/dice/dice-roll.js";
import { scriptedRoller, seededRoller } from "../../../src/core/shared/roller.js";

describe("rollDice", () => {
  it("STR-02 2d6 + Initiative: both dice as drawn, in order, the formula and the total", () => {
    const r = rollDice(scriptedRoller([4, 1]), 2, 6, -1);
    expect(r).toEqual({
      formula: "2d6-1",
      dice: [
        { sides: 6, value: 4, kept: true },
        { sides: 6, value: 1, kept: true },
      ],
      modifier: -1,
      total: 4,
    });
  });

  it("any count gives the dice the roller draws, in order, all kept, and their sum plus the modifier", () => {
    fc.assert(
      fc.property(
        fc.nat(6),
        fc.constantFrom(4, 6, 8, 20),
        fc.integer({ min: -3, max: 3 }),
        fc.nat(1000),
        (count, sides, mod, seed) => {
          const drawn = seededRoller(seed);
          const expected = Array.from({ length: count }, () => drawn.die(sides));
          const r = rollDice(seededRoller(seed), count, sides, mod);
          expect(r.dice).toEqual(expected.map((value) => ({ sides, value, kept: true })));
          expect(r.total).toBe(expected.reduce((a, b) => a + b, mod));
          expect(r.formula).toBe(`${count}d${sides}${mod === 0 ? "" : mod > 0 ? `+${mod}` : `${mod}`}`);
        },
      ),
    );
  });
});
