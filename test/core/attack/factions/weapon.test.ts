import { describe, expect, it } from "vitest";
import { halfRange, weaponIsDamaged } from "../../../../src/core/attack/factions/index.js";

describe("factions weapons", () => {
  it("FAC-30 a target beyond half the weapon's range (rounded down) needs a WIT save", () => {
    expect(halfRange(5)).toBe(2);
    expect(halfRange(4)).toBe(2);
    expect(halfRange(0)).toBe(0);
  });

  it("FAC-64 an improvised weapon is handled as already damaged (FAC-62: it breaks on a 1)", () => {
    expect(weaponIsDamaged({ damaged: false, improvised: true })).toBe(true);
    expect(weaponIsDamaged({ damaged: true, improvised: false })).toBe(true);
    expect(weaponIsDamaged({ damaged: false, improvised: false })).toBe(false);
  });
});
