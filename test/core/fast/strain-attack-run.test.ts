// The strain attack's fast run: its strike must give the attack card's effect with default choices, and its Panic and
// Incapacity Rolls must leave the simulator's own member as the full rolls leave theirs, each from the same dice.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolveStrainAttack, StrainAttackFastRun } from "../../../src/core/fast/index.js";
import {
  DEFAULT_STRAIN_CONTEST,
  incapacityRoll,
  panicRoll,
  strainAttack,
  type Defence,
  type StrainCharacter,
  type WritableCharacter,
} from "../../../src/core/attack/strain/index.js";
import { seededRoller, type Roller } from "../../../src/core/shared/roller.js";
import { attackSetup, character, characterArb } from "../attack/strain/fixtures.js";

/** The attack card from its setup to done, its first button at each step. */
function card(attacker: StrainCharacter, target: StrainCharacter, defence: Defence, roller: Roller) {
  const s = strainAttack.start(attackSetup({ attacker, target, defence, art: "basic" }), roller);
  if (!s.ok) throw new Error(s.reason);
  let st = s.state;
  let effect: { takesEffect: unknown; vulnerable: unknown } | undefined;
  for (let c = strainAttack.legal(st)[0]; c && st.step !== "done"; c = strainAttack.legal(st)[0]) {
    const o = strainAttack.apply(st, c, roller);
    if (!o.ok) throw new Error(o.reason);
    st = o.state;
    for (const e of o.events)
      if (e.type === "defenceResult") effect = { takesEffect: e.takesEffect, vulnerable: e.vulnerable };
  }
  return effect;
}

const fighterArb = (id: string) =>
  fc
    .record({
      evasion: fc.integer({ min: -1, max: 3 }),
      resilience: fc.integer({ min: -1, max: 3 }),
      vulnerable: fc.nat(2),
      stunned: fc.nat(1),
      incapacitated: fc.boolean(),
      blade: fc.nat(3),
    })
    .map((r) =>
      character(id, {
        evasion: r.evasion,
        resilience: r.resilience,
        arts: { blade: r.blade },
        statuses: { vulnerable: r.vulnerable, stunned: r.stunned },
        incapacitated: r.incapacitated,
        fatigueLoad: r.incapacitated ? 2 : 0,
      }),
    );

/** The member's own copy, Status record included: the character it was copied from must not change. */
const own = (c: StrainCharacter): WritableCharacter => ({ ...c, statuses: { ...c.statuses } });

describe("the strain attack's fast run", () => {
  it("STR-39 STR-40 STR-41 STR-61 a strike gives the attack card's effect, from the same dice", () => {
    const seen = new Map<string, number>();
    fc.assert(
      fc.property(
        fighterArb("a").filter((a) => !a.incapacitated),
        fighterArb("t"),
        fc.constantFrom<Defence>("resilience", "evasion"),
        fc.integer(),
        (attacker, target, defence, seed) => {
          const full = seededRoller(seed);
          const effect = card(attacker, target, defence, full);
          const quick = seededRoller(seed);
          const r = new StrainAttackFastRun();
          r.strike(attacker, target, defence, DEFAULT_STRAIN_CONTEST, quick);
          expect({ takesEffect: r.takesEffect, vulnerable: r.vulnerable }).toEqual(effect);
          expect(quick.die(20)).toBe(full.die(20));
          const k = `${defence} ${target.incapacitated ? "down" : "up"} ${r.takesEffect} ${r.vulnerable}`;
          seen.set(k, (seen.get(k) ?? 0) + 1);
        },
      ),
      { numRuns: 600 },
    );
    // Every effect came up, an Incapacitated target's included (STR-61: it cannot defend).
    for (const k of [
      "resilience up true 0",
      "resilience up false 0",
      "evasion up true 1",
      "evasion up false 1",
      "evasion up false 0",
    ])
      expect(seen.get(k) ?? 0, k).toBeGreaterThan(5);
    expect(seen.get("resilience down true 0") ?? 0).toBeGreaterThan(5);
    expect(seen.get("evasion down true 1") ?? 0).toBeGreaterThan(5);
  });

  it("STR-57 the Panic Roll leaves its own member as panicRoll's character (or refusal), from the same dice", () => {
    let failed = 0;
    fc.assert(
      fc.property(characterArb, fc.nat(), (c, seed) => {
        const before = structuredClone(c);
        const full = seededRoller(seed);
        const quick = seededRoller(seed);
        const a = panicRoll(c, full);
        const w = own(c);
        const no = new StrainAttackFastRun().panicRoll(w, quick);
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
    "STR-60 the Incapacity Roll leaves its own member as incapacityRoll's character (or " +
      "refusal), from the same dice",
    () => {
      let failed = 0;
      fc.assert(
        fc.property(characterArb, fc.nat(), (c, seed) => {
          const before = structuredClone(c);
          const full = seededRoller(seed);
          const quick = seededRoller(seed);
          const a = incapacityRoll(c, full, "afterAction");
          const w = own(c);
          const no = new StrainAttackFastRun().incapacityRoll(w, quick);
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
    },
  );

  it("STR-55 resolveStrainAttack is one strike, and changes neither character", () => {
    fc.assert(
      fc.property(
        fighterArb("a"),
        fighterArb("t"),
        fc.constantFrom<Defence>("resilience", "evasion"),
        fc.integer(),
        (a, t, defence, seed) => {
          const before = structuredClone([a, t]);
          const r = new StrainAttackFastRun();
          r.strike(a, t, defence, DEFAULT_STRAIN_CONTEST, seededRoller(seed));
          expect(resolveStrainAttack(a, t, seededRoller(seed), { defence })).toEqual({
            takesEffect: r.takesEffect,
            vulnerable: r.vulnerable,
          });
          expect([a, t]).toEqual(before);
        },
      ),
      { numRuns: 200 },
    );
  });
});
