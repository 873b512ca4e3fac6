import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_INCAPACITY_OPTIONS,
  endTurnIncapacitated,
  incapacitatedTurnEnd,
  incapacitatedTurnEndInPlace,
  incapacityRoll,
  incapacityRollInPlace,
  panicRoll,
  panicRollInPlace,
  quickIncapacityRoll,
  quickPanicRoll,
  stacks,
  stunnedStacks,
  vulnerableStacks,
  type StrainCharacter,
  type WritableCharacter,
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
  it("STR-41 vulnerableStacks and stunnedStacks read what stacks reads, a Status left out included", () => {
    fc.assert(
      fc.property(
        fc.option(fc.nat(3), { nil: undefined }),
        fc.option(fc.nat(3), { nil: undefined }),
        (vulnerable, stunned) => {
          const statuses: Record<string, number> = {};
          if (vulnerable !== undefined) statuses["vulnerable"] = vulnerable;
          if (stunned !== undefined) statuses["stunned"] = stunned;
          const c = character("c", { statuses });
          expect(vulnerableStacks(c)).toBe(stacks(c, "vulnerable"));
          expect(stunnedStacks(c)).toBe(stacks(c, "stunned"));
          expect(vulnerableStacks(c)).toBe(vulnerable ?? 0);
        },
      ),
    );
  });

  it(
    "STR-57 quickPanicRoll gives panicRoll's character (or " + "refusal) from the same dice, and draws no other die",
    () => {
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
    },
  );

  it(
    "STR-60 quickIncapacityRoll gives incapacityRoll's character (or refusal) from the same dice, " +
      "and draws no other die",
    () => {
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
    },
  );

  it(
    "STR-62 incapacitatedTurnEnd with no events gives endTurnIncapacitated's character, under both " +
      "Wound check rulings",
    () => {
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
    },
  );

  // The in-place forms change their owner's copy (the simulator's members): the copy must end as the full rolls'
  // character, from the same dice, and the character it was copied from (Status record included) must not change.
  const own = (c: StrainCharacter): WritableCharacter => ({ ...c, statuses: { ...c.statuses } });

  it("STR-57 panicRollInPlace leaves its own copy as panicRoll's character, from the same dice", () => {
    let failed = 0;
    fc.assert(
      fc.property(characterArb, fc.nat(), (c, seed) => {
        const before = structuredClone(c);
        const full = seededRoller(seed);
        const quick = seededRoller(seed);
        const a = panicRoll(c, full);
        const w = own(c);
        const no = panicRollInPlace(w, quick);
        if (!a.ok) expect(no).toEqual(a);
        else {
          expect(no).toBeNull();
          expect(w).toEqual(a.state);
          if (a.state !== c) failed++;
        }
        expect(c).toEqual(before);
        expect(quick.die(20)).toBe(full.die(20));
      }),
      { numRuns: 500 },
    );
    expect(failed).toBeGreaterThan(20);
  });

  it("STR-60 incapacityRollInPlace leaves its own copy as incapacityRoll's character, from the same dice", () => {
    let failed = 0;
    fc.assert(
      fc.property(characterArb, fc.nat(), (c, seed) => {
        const before = structuredClone(c);
        const full = seededRoller(seed);
        const quick = seededRoller(seed);
        const a = incapacityRoll(c, full, "afterAction");
        const w = own(c);
        const no = incapacityRollInPlace(w, quick);
        if (!a.ok) expect(no).toEqual(a);
        else {
          expect(no).toBeNull();
          expect(w).toEqual(a.state);
          if (a.state !== c) failed++;
        }
        expect(c).toEqual(before);
        expect(quick.die(20)).toBe(full.die(20));
      }),
      { numRuns: 500 },
    );
    expect(failed).toBeGreaterThan(20);
  });

  it(
    "STR-62 incapacitatedTurnEndInPlace leaves its own copy " + "as endTurnIncapacitated's character, with its events",
    () => {
      fc.assert(
        fc.property(characterArb, fc.constantFrom("beforeDrop" as const, "afterDrop" as const), (c, woundCheck) => {
          if (!c.incapacitated) return;
          const before = structuredClone(c);
          const o = { ...DEFAULT_INCAPACITY_OPTIONS, woundCheck };
          const full = endTurnIncapacitated(c, o);
          if (!full.ok) throw new Error(full.reason);
          const w = own(c);
          const events: unknown[] = [];
          incapacitatedTurnEndInPlace(w, o, events as never);
          expect(w).toEqual(full.state);
          expect(events).toEqual(full.events);
          expect(c).toEqual(before);
        }),
        { numRuns: 300 },
      );
    },
  );
});
