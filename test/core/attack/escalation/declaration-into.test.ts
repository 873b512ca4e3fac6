// The simulator fills one declaration record per fight (declarationInto): a refill must leave nothing of the last one.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { blankDeclaration, declaration, declarationInto, FIST, type AimTarget } from "../../../../src/core/attack/escalation/index.js";
import { bow, sword, unit } from "./helpers.js";

const AIMS: readonly (AimTarget | null)[] = [null, "fatal", "slowing", "weakening", "disrupting", "centerMass"];

const choices = fc.record(
  {
    kind: fc.constantFrom("attack" as const, "extraAttack" as const, "freeHit" as const, "freeCritical" as const),
    aim: fc.constantFrom(...AIMS),
    flanking: fc.boolean(),
    undetected: fc.boolean(),
    inMeleeZone: fc.boolean(),
    toHitBonus: fc.integer({ min: 0, max: 3 }),
    damageBoost: fc.integer({ min: 0, max: 3 }),
    weapon: fc.constantFrom(sword, bow),
  },
  { requiredKeys: [] },
);
const units = fc.record({ disarmed: fc.boolean(), ranged: fc.boolean() });

describe("escalation declaration into a kept record", () => {
  it("ESC-49 declarationInto fills every field as declaration does, whatever the record held before", () => {
    fc.assert(
      fc.property(units, choices, units, choices, (u1, c1, u2, c2) => {
        const a1 = unit("ash", { disarmed: u1.disarmed, weapon: u1.ranged ? bow : sword });
        const a2 = unit("elm", { disarmed: u2.disarmed, weapon: u2.ranged ? bow : sword });
        const out = blankDeclaration();
        declarationInto(out, a1, unit("orc"), c1);
        expect(declarationInto(out, a2, unit("imp"), c2)).toEqual(declaration(a2, unit("imp"), c2));
      }),
      { numRuns: 400 },
    );
  });

  it("ESC-49 a disarmed unit's declaration with no weapon named is unarmed and in melee reach", () => {
    const out = declarationInto(blankDeclaration(), unit("ash", { disarmed: true, weapon: bow }), unit("orc"), { kind: "freeHit" });
    expect(out).toEqual({
      attacker: "ash",
      target: "orc",
      weapon: FIST,
      aim: null,
      flanking: false,
      undetected: false,
      inMeleeZone: true,
      kind: "freeHit",
      toHitBonus: 0,
      damageBoost: 0,
    });
    declarationInto(out, unit("elm", { weapon: bow }), unit("imp"), { aim: "fatal", toHitBonus: 1 });
    expect(out.weapon).toBe(bow);
    expect(out.inMeleeZone).toBe(false);
    expect(out.kind).toBe("attack");
    expect(out.aim).toBe("fatal");
  });
});
