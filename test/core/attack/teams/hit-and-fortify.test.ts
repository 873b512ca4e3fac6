// The to-hit check without rolls to show, against the card's full roll (the same outcome from the same dice), and
// the fortify to stay conscious written into its combatant. The fast run's strike is in test/core/fast.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { seededRoller } from "../../../../src/core/shared/roller.js";
import {
  checkTeamsToHit,
  DEFAULT_TEAMS_OPTIONS,
  fortifyToStayConscious,
  copyCombatant,
  missingHealth,
  rollTeamsToHit,
  teamsDeclaration,
} from "../../../../src/core/attack/teams/index.js";
import { foe, shortbow, spear, who } from "./helpers.js";

describe("the to-hit check and the fortify", () => {
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

  it(
    "TEAM-67 TEAM-68 fortifyToStayConscious costs its combatant 1 stamina and the reaction, and its consciousness " +
      "when the roll falls short",
    () => {
      fc.assert(
        fc.property(
          fc.integer(),
          fc.integer({ min: 0, max: 10 }),
          fc.integer({ min: 1, max: 3 }),
          (seed, health, stamina) => {
            const hurt = who("h", { health, maxHealth: 10, stamina });
            const c = copyCombatant(hurt);
            const f = fortifyToStayConscious(c, seededRoller(seed));
            expect(f.difficulty).toBe(missingHealth(hurt));
            expect(f.success).toBe(f.roll.total >= f.difficulty);
            expect(c).toEqual({
              ...hurt,
              stamina: stamina - 1,
              reactions: hurt.reactions - 1,
              condition: f.success ? "active" : "unconscious",
            });
          },
        ),
      );
    },
  );
});
