// The factions attack's fast run deals what the attack card deals with default choices, from the same dice: with and
// without the WIT save, armed or unarmed, held back or not, under either reading of impaired damage.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FactionsAttackFastRun, PLAIN_STRIKE, resolveFactionsAttack } from "../../../src/core/fast/index.js";
import {
  factionsAttack,
  type FactionsAttackOptions,
  type FactionsCharacter,
} from "../../../src/core/attack/factions/index.js";
import { seededRoller, type Roller } from "../../../src/core/shared/roller.js";
import { fighter, setup } from "../attack/factions/fixtures.js";

const next = {
  rollToHit: { type: "roll" },
  reactionWindow: { type: "skipReaction" },
  damage: { type: "rollDamage" },
  apply: { type: "apply" },
};

const attackerArb = fc
  .record({ wit: fc.integer({ min: 1, max: 20 }), damageDie: fc.constantFrom(4, 6, 8, 10, 12), unarmed: fc.boolean() })
  .map(({ wit, damageDie, unarmed }) =>
    fighter("p1", { wit, weapon: { name: "w", damageDie, damaged: false, improvised: false, unarmed } }),
  );
const targetArb = fc
  .record({ armour: fc.integer({ min: 0, max: 3 }), shield: fc.constantFrom(null, 1) })
  .map(({ armour, shield }) =>
    fighter("b1", { armour, shield: shield === null ? null : { armour: shield, damaged: false }, health: 100 }),
  );
const howArb = fc.record({ seed: fc.integer(), witSave: fc.boolean(), impaired: fc.boolean(), halved: fc.boolean() });

/** The attack card from declare to done with default choices: the health the target lost. */
function card(
  a: FactionsCharacter,
  t: FactionsCharacter,
  witSave: boolean,
  holdBack: boolean,
  options: FactionsAttackOptions,
  roller: Roller,
): number {
  let o = factionsAttack.start(
    setup({ attacker: a, targets: [t], gmCallsWitSave: witSave, holdBack, options }),
    roller,
  );
  while (o.ok && o.state.step !== "done")
    o = factionsAttack.apply(o.state, next[o.state.step as keyof typeof next] as never, roller);
  if (!o.ok) throw new Error(o.reason);
  return t.health - o.state.slots[0]!.target.health;
}

describe("the factions attack's fast run", () => {
  it("FAC-25 FAC-26 property: a strike deals what the attack card deals, from the same dice", () => {
    let hits = 0;
    let impaired = 0;
    fc.assert(
      fc.property(attackerArb, targetArb, howArb, (a, t, how) => {
        const options: FactionsAttackOptions = {
          impaired: how.halved ? "halved" : "keepLower",
          counterSecondBlow: "ifStanding",
        };
        const full = seededRoller(how.seed);
        const lost = card(a, t, how.witSave, how.impaired, options, full);
        const quick = seededRoller(how.seed);
        const r = new FactionsAttackFastRun();
        r.strike(a, t, { witSave: how.witSave, impaired: how.impaired }, options, quick);
        expect(r.damage).toBe(lost);
        expect(quick.die(20)).toBe(full.die(20));
        if (lost > 0) hits++;
        if (a.weapon.unarmed || how.impaired) impaired++;
      }),
      { numRuns: 600 },
    );
    expect(hits).toBeGreaterThan(100);
    expect(impaired).toBeGreaterThan(200);
  });

  it(
    "FAC-25 property: resolveFactionsAttack is one strike " + "with the default choices, and changes neither character",
    () => {
      fc.assert(
        fc.property(attackerArb, targetArb, howArb, (a, t, how) => {
          const before = structuredClone([a, t]);
          const r = new FactionsAttackFastRun();
          r.strike(a, t, how, { impaired: "keepLower", counterSecondBlow: "ifStanding" }, seededRoller(how.seed));
          expect(resolveFactionsAttack(a, t, seededRoller(how.seed), how)).toBe(r.damage);
          expect([a, t]).toEqual(before);
          const plain = new FactionsAttackFastRun();
          plain.strike(
            a,
            t,
            PLAIN_STRIKE,
            { impaired: "keepLower", counterSecondBlow: "ifStanding" },
            seededRoller(how.seed),
          );
          expect(resolveFactionsAttack(a, t, seededRoller(how.seed))).toBe(plain.damage);
        }),
        { numRuns: 200 },
      );
    },
  );
});
