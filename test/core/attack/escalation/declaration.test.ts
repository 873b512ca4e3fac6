// ESC-49 and the declaration's defaults: what each attack declares, field by field.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { declaration, FIST, type AimTarget } from "../../../../src/core/attack/escalation/index.js";
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

describe("escalation declaration", () => {
  it(
    "ESC-49 every field is the choice made, else its default: the unit's weapon (a fist when " +
      "disarmed) and its reach",
    () => {
      fc.assert(
        fc.property(units, choices, (u, c) => {
          const a = unit("ash", { disarmed: u.disarmed, weapon: u.ranged ? bow : sword });
          const weapon = c.weapon ?? (u.disarmed ? FIST : a.weapon);
          expect(declaration(a, unit("orc"), c)).toEqual({
            attacker: "ash",
            target: "orc",
            weapon,
            aim: c.aim ?? null,
            flanking: c.flanking ?? false,
            undetected: c.undetected ?? false,
            inMeleeZone: c.inMeleeZone ?? weapon.melee,
            kind: c.kind ?? "attack",
            toHitBonus: c.toHitBonus ?? 0,
            damageBoost: c.damageBoost ?? 0,
          });
        }),
        { numRuns: 400 },
      );
    },
  );

  it("ESC-49 a disarmed unit's declaration with no weapon named is unarmed and in melee reach", () => {
    const out = declaration(unit("ash", { disarmed: true, weapon: bow }), unit("orc"), { kind: "freeHit" });
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
    const armed = declaration(unit("elm", { weapon: bow }), unit("imp"), { aim: "fatal", toHitBonus: 1 });
    expect(armed.weapon).toBe(bow);
    expect(armed.inMeleeZone).toBe(false);
    expect(armed.kind).toBe("attack");
    expect(armed.aim).toBe("fatal");
  });
});
