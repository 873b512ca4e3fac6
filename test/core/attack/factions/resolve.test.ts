import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { quickFactionsAttack, resolveFactionsAttack } from "../../../../src/core/attack/factions/index.js";
import { seededRoller } from "../../../../src/core/shared/roller.js";
import { fighter } from "./fixtures.js";

describe("resolve functions for the simulator", () => {
  it("FAC-25 property: resolveX equals quickX on the same seed", () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        expect(resolveFactionsAttack(fighter("a"), fighter("b"), seededRoller(seed), { witSave: true })).toBe(
          quickFactionsAttack(seededRoller(seed), fighter("a"), fighter("b"), true),
        );
      }),
    );
  });
});
