import { describe, expect, it } from "vitest";
import { atHalfHealthOrLess, immuneToMorale } from "../../../../src/core/turn-order/factions/index.js";

describe("factions morale rules", () => {
  it("FAC-53 a lone character checks morale at half its health or less", () => {
    expect(atHalfHealthOrLess({ health: 5, maxHealth: 10 })).toBe(true);
    expect(atHalfHealthOrLess({ health: 0, maxHealth: 10 })).toBe(true);
    expect(atHalfHealthOrLess({ health: 6, maxHealth: 10 })).toBe(false);
    expect(atHalfHealthOrLess({ health: 0, maxHealth: 0 })).toBe(false); // no health to lose: never "half"
  });

  it("FAC-55 FAC-56 immune to fear, or having passed a morale check, is immune to morale", () => {
    expect(immuneToMorale({ immuneToFear: true, moraleExempt: false })).toBe(true);
    expect(immuneToMorale({ immuneToFear: false, moraleExempt: true })).toBe(true);
    expect(immuneToMorale({ immuneToFear: true, moraleExempt: true })).toBe(true);
    expect(immuneToMorale({ immuneToFear: false, moraleExempt: false })).toBe(false);
  });
});
