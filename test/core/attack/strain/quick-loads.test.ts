import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_INCAPACITY_OPTIONS,
  endTurnIncapacitated,
  incapacitatedTurnEnd,
  incapacityRoll,
  panicRoll,
  quickIncapacityRoll,
  quickPanicRoll,
} from "../../../../src/core/attack/strain/index.js";
import { seededRoller } from "../../../../src/core/shared/roller.js";
import { character } from "./fixtures.js";

const characterArb = fc
  .record({
    resilience: fc.integer({ min: -1, max: 3 }),
    resolve: fc.integer({ min: -1, max: 3 }),
    fatigueLoad: fc.nat(8),
    fatigueTolerance: fc.nat(4),
    stressLoad: fc.nat(8),
    stressTolerance: fc.nat(4),
    wounds: fc.nat(2),
    stunned: fc.nat(2),
    incapacitated: fc.boolean(),
    removed: fc.boolean(),
  })
  .map(({ stunned, ...c }) => character("c", { ...c, statuses: { stunned } }));

describe("strain quick loads", () => {
  it("STR-57 quickPanicRoll gives panicRoll's character (or refusal) from the same dice, and draws no other die", () => {
    let failed = 0;
    fc.assert(
      fc.property(characterArb, fc.nat(), (c, seed) => {
        const full = seededRoller(seed);
        const quick = seededRoller(seed);
        const a = panicRoll(c, full);
        const b = quickPanicRoll(c, quick);
        if (!a.ok) expect(b).toEqual(a);
        else {
          expect(b).toEqual(a.state);
          // A passed roll hands back the character itself, as panicRoll does.
          expect(b === c).toBe(a.state === c);
          if (a.state !== c) failed++;
        }
        expect(quick.die(20)).toBe(full.die(20));
      }),
      { numRuns: 500 },
    );
    expect(failed).toBeGreaterThan(20);
  });

  it("STR-60 quickIncapacityRoll gives incapacityRoll's character (or refusal) from the same dice, and draws no other die", () => {
    let failed = 0;
    fc.assert(
      fc.property(characterArb, fc.nat(), (c, seed) => {
        const full = seededRoller(seed);
        const quick = seededRoller(seed);
        const a = incapacityRoll(c, full, "afterAction");
        const b = quickIncapacityRoll(c, quick);
        if (!a.ok) expect(b).toEqual(a);
        else {
          expect(b).toEqual(a.state);
          expect(b === c).toBe(a.state === c);
          if (a.state !== c) failed++;
        }
        expect(quick.die(20)).toBe(full.die(20));
      }),
      { numRuns: 500 },
    );
    expect(failed).toBeGreaterThan(20);
  });

  it("STR-62 incapacitatedTurnEnd with no events gives endTurnIncapacitated's character, under both Wound check rulings", () => {
    fc.assert(
      fc.property(characterArb, fc.constantFrom("beforeDrop" as const, "afterDrop" as const), (c, woundCheck) => {
        const o = { ...DEFAULT_INCAPACITY_OPTIONS, woundCheck };
        const full = endTurnIncapacitated(c, o);
        if (!full.ok) throw new Error(full.reason);
        const events: unknown[] = [];
        if (c.incapacitated) {
          expect(incapacitatedTurnEnd(c, o, null)).toEqual(full.state);
          expect(incapacitatedTurnEnd(c, o, events as never)).toEqual(full.state);
          expect(events).toEqual(full.events);
        } else expect(full.state).toBe(c);
      }),
      { numRuns: 300 },
    );
  });
});
