// The quick resolver's dice-only steps against the card's full ones: the same outcome from the same dice.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { seededRoller } from "../../../../src/core/shared/roller.js";
import {
  checkTeamsToHit,
  DEFAULT_TEAMS_OPTIONS,
  fortifyToStayConscious,
  copyCombatant,
  quickFortify,
  quickTeamsAttackIn,
  resolveTeamsAttack,
  rollTeamsToHit,
  teamsDeclaration,
} from "../../../../src/core/attack/teams/index.js";
import { foe, shortbow, spear, who } from "./helpers.js";

describe("quick to-hit and fortify", () => {
  it(
    "TEAM-46 TEAM-50 TEAM-52 TEAM-54 checkTeamsToHit gives rollTeamsToHit's result, less the " +
      "rolls, from the same dice",
    () => {
      const neighbours = [foe("x", { size: 4, luckModifier: 1 }), who("y", { guarding: true })];
      const lookup = (id: string) => neighbours.find((c) => c.id === id);
      fc.assert(
        fc.property(
          fc.integer(),
          fc.record({
            weapon: fc.constantFrom(spear, shortbow),
            attacksThisRound: fc.nat(3),
            luckModifier: fc.integer({ min: -2, max: 2 }),
            prone: fc.boolean(),
            inCover: fc.boolean(),
            guarding: fc.boolean(),
            sneak: fc.boolean(),
            flanking: fc.boolean(),
            advantages: fc.nat(2),
            disadvantages: fc.nat(2),
            adjacent: fc.subarray(["x", "y"]),
          }),
          (seed, o) => {
            const attacker = who("a", {
              weapon: o.weapon,
              attacksThisRound: o.attacksThisRound,
              luckModifier: o.luckModifier,
            });
            const target = foe("t", { prone: o.prone, inCover: o.inCover, guarding: o.guarding });
            const decl = teamsDeclaration(attacker, target, {
              sneak: o.sneak,
              flanking: o.flanking,
              advantages: o.advantages,
              disadvantages: o.disadvantages,
              adjacent: o.adjacent,
            });
            const a = seededRoller(seed);
            const b = seededRoller(seed);
            const { testRoll, luckRoll, ...full } = rollTeamsToHit(
              attacker,
              target,
              decl,
              a,
              DEFAULT_TEAMS_OPTIONS,
              lookup,
            );
            expect(checkTeamsToHit(attacker, target, decl, b, DEFAULT_TEAMS_OPTIONS, lookup)).toEqual(full);
            expect(full.test).toBe(testRoll.total);
            expect(full.luck).toBe(luckRoll.total);
            expect(b.die(1000)).toBe(a.die(1000));
          },
        ),
      );
    },
  );

  it("TEAM-67 quickFortify leaves the combatant as fortifyToStayConscious does, from the same dice", () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 1, max: 3 }),
        (seed, health, stamina) => {
          const hurt = who("h", { health, maxHealth: 10, stamina });
          const a = seededRoller(seed);
          const b = seededRoller(seed);
          expect(quickFortify(hurt, b)).toEqual(fortifyToStayConscious(hurt, a).combatant);
          expect(b.die(1000)).toBe(a.die(1000));
        },
      ),
    );
  });

  it(
    "TEAM-48 TEAM-54 TEAM-64 TEAM-67 TEAM-70 quickTeamsAttackIn changes its two combatants as resolveTeamsAttack's " +
      "result has them, from the same dice",
    () => {
      fc.assert(
        fc.property(
          fc.integer(),
          fc.record({
            weapon: fc.constantFrom(spear, shortbow),
            attacksThisRound: fc.nat(3),
            endurance: fc.nat(6),
            health: fc.nat(8),
            stamina: fc.nat(2),
            reactions: fc.nat(1),
            condition: fc.constantFrom("active" as const, "unconscious" as const),
            sneak: fc.boolean(),
          }),
          (seed, o) => {
            const attacker = who("a", { weapon: o.weapon, attacksThisRound: o.attacksThisRound });
            const target = foe("t", {
              endurance: o.endurance,
              health: o.health,
              maxHealth: 8,
              constitution: 2,
              stamina: o.stamina,
              reactions: o.reactions,
              condition: o.condition,
            });
            const before = JSON.stringify([attacker, target]);
            const a = seededRoller(seed);
            const b = seededRoller(seed);
            const full = resolveTeamsAttack(attacker, target, a, { declaration: { sneak: o.sneak } });
            // resolveTeamsAttack changes neither combatant it is given; the in-place form changes its own copies.
            expect(JSON.stringify([attacker, target])).toBe(before);
            const att = copyCombatant(attacker);
            const tgt = copyCombatant(target);
            expect(quickTeamsAttackIn(att, tgt, b, { declaration: { sneak: o.sneak } })).toBe(full.outcome);
            expect(att).toEqual(full.attacker);
            expect(tgt).toEqual(full.target);
            expect(att.attacksThisRound).toBe(o.attacksThisRound + 1);
            expect(b.die(1000)).toBe(a.die(1000));
          },
        ),
        { numRuns: 300 },
      );
    },
  );
});
