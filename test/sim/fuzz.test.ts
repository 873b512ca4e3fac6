// Random parties and tactics: the simulator always answers with a consistent report, never a throw or an engine
// refusal.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SAMPLE_PARTIES, simulate, type SimInput, type SimMembers, type SimParties } from "../../src/sim/index.js";
import type { RulesetId } from "../../src/core/index.js";

const die = fc.constantFrom(4, 6, 8, 10, 12);
const small = (min: number, max: number) => fc.integer({ min, max });

/** One member: a sample member with its numbers redrawn within what the attack module accepts. */
const member: { readonly [R in RulesetId]: (base: SimMembers[R]) => fc.Arbitrary<SimMembers[R]> } = {
  sections: (m) =>
    fc
      .record({ hp: small(0, 30), hitDie: die, missDie: die, damageDie: die, damageBonus: small(0, 3) })
      .map((x) => ({ ...m, ...x })),
  escalation: (m) =>
    fc
      .record({
        hp: small(1, 40),
        accuracy: small(-2, 6),
        agility: small(-2, 4),
        strength: small(-1, 4),
        armor: small(0, 4),
        prone: fc.boolean(),
        condition: fc.constantFrom("active", "active", "active", "defeated" as const),
      })
      .map((x) => ({ ...m, ...x, maxHp: x.hp })),
  teams: (m) =>
    fc
      .record({
        endurance: small(0, 20),
        health: small(1, 20),
        constitution: small(0, 6),
        evasion: small(2, 10),
        stamina: small(0, 4),
        luckModifier: small(-2, 3),
        condition: fc.constantFrom("active", "active", "active", "unconscious" as const),
      })
      .map((x) => ({ ...m, ...x, maxEndurance: x.endurance, maxHealth: x.health })),
  strain: (m) =>
    fc
      .record({
        art: small(-1, 5),
        resilience: small(-2, 3),
        evasion: small(-2, 3),
        resolve: small(-1, 3),
        fatigueTolerance: small(0, 6),
        stressTolerance: small(0, 4),
        initiative: small(0, 4),
        incapacitated: fc.boolean(),
        fatigueLoad: small(0, 6),
      })
      .map(({ art, ...x }) => ({ ...m, ...x, arts: { Blade: art } })),
  factions: (m) =>
    fc
      .record({
        health: small(0, 16),
        armour: small(0, 4),
        incapacitated: fc.boolean(),
        wit: small(0, 20),
        damageDie: fc.constantFrom(4, 6, 8, 10, 12),
      })
      .map(({ damageDie, ...x }) => ({ ...m, ...x, weapon: { ...m.weapon, damageDie } })),
};

function parties<R extends RulesetId>(ruleset: R): fc.Arbitrary<SimParties<SimMembers[R]>> {
  const sample = SAMPLE_PARTIES[ruleset] as SimParties<SimMembers[R]>;
  const gen = member[ruleset] as (base: SimMembers[R]) => fc.Arbitrary<SimMembers[R]>;
  const side = (p: SimParties<SimMembers[R]>["a"]) =>
    fc
      .integer({ min: 1, max: p.members.length })
      .chain((n) => fc.tuple(...p.members.slice(0, n).map(gen)).map((members) => ({ name: p.name, members })));
  return fc.record({ a: side(sample.a), b: side(sample.b) });
}

const tactics = fc.record({
  target: fc.constantFrom("weakest", "strongest", "first"),
  extraAttack: fc.boolean(),
  attacksPerTurn: small(0, 3),
  defence: fc.constantFrom("best", "resilience", "evasion"),
  morale: fc.boolean(),
});

describe("simulate: random parties and tactics", () => {
  for (const ruleset of ["sections", "escalation", "teams", "strain", "factions"] as const) {
    it(`${ruleset}: always a report whose numbers add up`, () => {
      fc.assert(
        fc.property(
          parties(ruleset),
          tactics,
          fc.integer({ min: 0, max: 1000 }),
          fc.integer({ min: 1, max: 8 }),
          (p, t, seed, roundCap) => {
            const r = simulate({ ruleset, seed, fights: 4, parties: p, tactics: t, roundCap } as SimInput);
            if (!r.ok) throw new Error(`${r.key}: ${r.reason}`);
            expect(r.wins.a + r.wins.b + r.draws).toBe(4);
            expect(r.rounds.max).toBeLessThanOrEqual(roundCap);
            expect(r.parties.a.members.length).toBe(p.a.members.length);
          },
        ),
        { numRuns: 80 },
      );
    });
  }
});
