import { describe, expect, it } from "vitest";
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { rollerFromState, seededRoller } from "../../../src/core/shared/roller.js";

describe("seeded roller", () => {
  it("draws the same values as pure-rand's uniformInt on the same generator, for every size of die", () => {
    // Small dice, odd sizes, and the edges of the written-out path (2^31, 2^32) and beyond it (2^32 + 1, 2^40).
    const sizes = [
      1,
      2,
      3,
      4,
      5,
      6,
      7,
      8,
      10,
      12,
      20,
      100,
      1000,
      // Sizes that redraw often (2^32 mod n is large): a quarter of the draws for 3 x 2^30, about half for 2^31 + 1.
      3 * 2 ** 29,
      3 * 2 ** 30,
      2 ** 31 - 1,
      2 ** 31,
      2 ** 31 + 1,
      2 ** 32 - 1,
      2 ** 32,
      2 ** 32 + 1,
      2 ** 40,
    ];
    for (const seed of [0, 1, 42, -7, 123456789]) {
      const roller = seededRoller(seed);
      const rng = xoroshiro128plus(seed | 0);
      for (let i = 0; i < 2000; i++) {
        const sides = sizes[i % sizes.length]!;
        expect(roller.die(sides)).toBe(uniformInt(rng, 1, sides));
      }
      expect(roller.state()).toEqual({ kind: "seeded", seed, rng: rng.getState() });
    }
  });

  it("continues the same sequence from its saved state", () => {
    const a = seededRoller(9);
    for (let i = 0; i < 10; i++) a.die(6);
    const b = rollerFromState(a.state());
    for (let i = 0; i < 50; i++) expect(b.die(20)).toBe(a.die(20));
  });

  it("refuses a die that is not a whole number of sides of at least 1", () => {
    const r = seededRoller(1);
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => r.die(bad)).toThrow(RangeError);
  });
});
