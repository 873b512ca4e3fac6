// The sections attack's fast run deals what the attack card deals with default choices, from the same dice, under
// every condition that lowers a die, either reading of a tie, and either side unseen.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IN_SIGHT, resolveSectionsAttack, SectionsAttackFastRun } from "../../../src/core/fast/index.js";
import {
  DEFAULT_SECTIONS_ATTACK_OPTIONS,
  sectionsAttack,
  type SectionsCombatant,
  type SectionsCondition,
  type Sight,
} from "../../../src/core/attack/sections/index.js";
import { seededRoller, type Roller } from "../../../src/core/shared/roller.js";
import { entity, MELEE } from "../attack/sections/fixtures.js";

const DIE = fc.constantFrom(4, 6, 8, 10, 12);
const CONDITIONS: readonly SectionsCondition[] = [
  "debilitated",
  "vulnerable",
  "hindered",
  "swimming",
  "aquatic",
  "climbing",
];

const entityArb = (id: string) =>
  fc
    .record({
      hitDie: DIE,
      missDie: DIE,
      damageDie: DIE,
      damageBonus: fc.nat(2),
      weaponType: fc.constantFrom("sword", "dagger", "spear"),
      conditions: fc.subarray([...CONDITIONS]),
    })
    .map((r): SectionsCombatant => entity(id, { ...r, hp: 100 }));

const choiceArb = fc.record({
  seed: fc.integer(),
  tiesHit: fc.boolean(),
  sight: fc.oneof(
    { weight: 3, arbitrary: fc.constant(IN_SIGHT) },
    { weight: 1, arbitrary: fc.record({ attackerSeesTarget: fc.boolean(), targetSeesAttacker: fc.boolean() }) },
  ),
});

/** The attack card from declare to done, its first button at each step: the hit points the target lost. */
function card(
  attacker: SectionsCombatant,
  target: SectionsCombatant,
  sight: Sight,
  tiesHit: boolean,
  roller: Roller,
): number {
  const s = sectionsAttack.start(
    {
      attacker,
      target,
      sight,
      delivery: MELEE,
      crossesDistanceBlock: false,
      interceptors: [],
      targetUnderwater: false,
      reachesUnderwater: false,
      options: { tiesHit },
    },
    roller,
  );
  if (!s.ok) throw new Error(s.reason);
  let st = s.state;
  for (let c = sectionsAttack.legal(st)[0]; c && st.step !== "done"; c = sectionsAttack.legal(st)[0]) {
    const o = sectionsAttack.apply(st, c, roller);
    if (!o.ok) throw new Error(o.reason);
    st = o.state;
  }
  return target.hp - st.targetData.hp;
}

describe("the sections attack's fast run", () => {
  it("SEC-18 SEC-22 SEC-52 SEC-53 SEC-68 SEC-71 a strike deals what the attack card deals, from the same dice", () => {
    let hits = 0;
    let lowered = 0;
    fc.assert(
      fc.property(entityArb("a"), entityArb("t"), choiceArb, (a, t, ch) => {
        const full = seededRoller(ch.seed);
        const lost = card(a, t, ch.sight, ch.tiesHit, full);
        const quick = seededRoller(ch.seed);
        const r = new SectionsAttackFastRun();
        r.strike(a, t, ch.sight, { ...DEFAULT_SECTIONS_ATTACK_OPTIONS, tiesHit: ch.tiesHit }, quick);
        expect(r.damage).toBe(lost);
        expect(quick.die(20)).toBe(full.die(20));
        if (lost > 0) hits++;
        if (a.conditions.length + t.conditions.length > 0 || ch.sight !== IN_SIGHT) lowered++;
      }),
      { numRuns: 600 },
    );
    expect(hits).toBeGreaterThan(100);
    expect(lowered).toBeGreaterThan(300);
  });

  it("SEC-22 resolveSectionsAttack is one strike with the default choices, and changes neither entity", () => {
    fc.assert(
      fc.property(entityArb("a"), entityArb("t"), choiceArb, (a, t, ch) => {
        const before = structuredClone([a, t]);
        const r = new SectionsAttackFastRun();
        r.strike(a, t, ch.sight, { ...DEFAULT_SECTIONS_ATTACK_OPTIONS, tiesHit: ch.tiesHit }, seededRoller(ch.seed));
        expect(resolveSectionsAttack(a, t, seededRoller(ch.seed), { sight: ch.sight, tiesHit: ch.tiesHit })).toBe(
          r.damage,
        );
        expect([a, t]).toEqual(before);
        const plain = new SectionsAttackFastRun();
        plain.strike(a, t, IN_SIGHT, DEFAULT_SECTIONS_ATTACK_OPTIONS, seededRoller(ch.seed));
        expect(resolveSectionsAttack(a, t, seededRoller(ch.seed))).toBe(plain.damage);
      }),
      { numRuns: 200 },
    );
  });
});
