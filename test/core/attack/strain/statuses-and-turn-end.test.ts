import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_INCAPACITY_OPTIONS,
  endTurnIncapacitated,
  incapacitatedTurnEnd,
  stacks,
  stunnedStacks,
  vulnerableStacks,
  type StrainCharacter,
  type WritableCharacter,
} from "../../../../src/core/attack/strain/index.js";
import { characterArb, character } from "./fixtures.js";

// The Status readers by name, and the Incapacitated turn's end written into a character its holder owns (the
// simulator's members): each against the rule's other reading. The fast Panic and Incapacity Rolls are in
// test/core/fast.

describe("strain Statuses by name and the Incapacitated turn's end", () => {
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

  // incapacitatedTurnEnd changes its holder's own copy (the simulator's members): the copy must end as
  // endTurnIncapacitated's character, and the character it was copied from (Status record included) must not change.
  const own = (c: StrainCharacter): WritableCharacter => ({ ...c, statuses: { ...c.statuses } });

  it(
    "STR-62 incapacitatedTurnEnd with no events leaves its copy as endTurnIncapacitated's character, under both " +
      "Wound check rulings",
    () => {
      fc.assert(
        fc.property(characterArb, fc.constantFrom("beforeDrop" as const, "afterDrop" as const), (c, woundCheck) => {
          const o = { ...DEFAULT_INCAPACITY_OPTIONS, woundCheck };
          const full = endTurnIncapacitated(c, o);
          if (!full.ok) throw new Error(full.reason);
          if (c.incapacitated) {
            const w = own(c);
            incapacitatedTurnEnd(w, o, null);
            expect(w).toEqual(full.state);
          } else expect(full.state).toBe(c);
        }),
        { numRuns: 300 },
      );
    },
  );

  it("STR-62 incapacitatedTurnEnd leaves its own copy as endTurnIncapacitated's character, with its events", () => {
    fc.assert(
      fc.property(characterArb, fc.constantFrom("beforeDrop" as const, "afterDrop" as const), (c, woundCheck) => {
        if (!c.incapacitated) return;
        const before = structuredClone(c);
        const o = { ...DEFAULT_INCAPACITY_OPTIONS, woundCheck };
        const full = endTurnIncapacitated(c, o);
        if (!full.ok) throw new Error(full.reason);
        const w = own(c);
        const events: unknown[] = [];
        incapacitatedTurnEnd(w, o, events as never);
        expect(w).toEqual(full.state);
        expect(events).toEqual(full.events);
        expect(c).toEqual(before);
      }),
      { numRuns: 300 },
    );
  });
});
