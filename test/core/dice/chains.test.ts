import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { scriptedRoller, seededRoller } from "../../../src/core/shared/roller.js";
import { ESCALATION_DICE, rollEscalationChain, rollEscalationD20 } from "../../../src/core/dice/escalation-chain.js";

describe("escalation chain", () => {
  it("ESC-27 a natural 20 is a critical hit and starts the chain with a d4", () => {
    const r = rollEscalationD20(scriptedRoller([20, 2]), 3);
    expect(r.kind).toBe("critical");
    expect(r.natural).toBe(20);
    expect(r.steps).toBe(0);
    expect(r.roll.total).toBe(23);
    expect(r.roll.dice).toEqual([
      { sides: 20, value: 20, kept: true },
      { sides: 4, value: 2, kept: false },
    ]);
  });

  it(
    "ESC-28 a 4 on the d4 makes a super critical and rolls a d6, a 6 a d8, and so on (ruling: " +
      "d10, d12, d20 after d8)",
    () => {
      const r = rollEscalationD20(scriptedRoller([20, 4, 6, 8, 10, 12, 20]), 0);
      expect(r.steps).toBe(6);
      expect(r.roll.dice.map((d) => d.sides)).toEqual([20, ...ESCALATION_DICE]);
      expect(r.roll.total).toBe(20);
    },
  );

  it("ESC-28 the chain stops at the first die that misses its highest face", () => {
    const r = rollEscalationChain(scriptedRoller([4, 5]));
    expect(r.steps).toBe(1);
    expect(r.dice.map((d) => [d.sides, d.value])).toEqual([
      [4, 4],
      [6, 5],
    ]);
  });

  it("ESC-29 a natural 1 is an auto fail and starts the chain", () => {
    const r = rollEscalationD20(scriptedRoller([1, 3]), 10);
    expect(r.kind).toBe("autoFail");
    expect(r.steps).toBe(0);
    expect(r.roll.total).toBe(11);
  });

  it("ESC-30 a 4 after an auto fail is a tragedy, and the chain goes on to a d6", () => {
    const r = rollEscalationD20(scriptedRoller([1, 4, 6]), 0, 2);
    expect(r.kind).toBe("autoFail");
    expect(r.steps).toBe(2);
  });

  it("ESC-33 maxSteps stops the chain without rolling more dice", () => {
    const roller = scriptedRoller([4, 6]);
    const r = rollEscalationChain(roller, 2);
    expect(r.steps).toBe(2);
    expect(roller.used).toBe(2);
  });

  it("ESC-27 no chain on a roll of 2..19", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 19 }), fc.integer({ min: -5, max: 10 }), (nat, mod) => {
        const r = rollEscalationD20(scriptedRoller([nat]), mod);
        return r.kind === "normal" && r.roll.dice.length === 1 && r.roll.total === nat + mod;
      }),
    );
  });

  it("ESC-28 seeded chains are reproducible and every chain die but the last shows its highest face", () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const a = rollEscalationChain(seededRoller(seed));
        const b = rollEscalationChain(seededRoller(seed));
        expect(a).toEqual(b);
        a.dice.slice(0, a.steps).forEach((d) => expect(d.value).toBe(d.sides));
        expect(a.dice.length).toBe(Math.min(a.steps + 1, ESCALATION_DICE.length));
      }),
    );
  });
});
