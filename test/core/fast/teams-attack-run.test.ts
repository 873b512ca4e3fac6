// The teams attack's fast run strikes the simulator's own combatants, changed in place: it must leave them as the
// attack card leaves its combatants with default choices, from the same dice, and resolveTeamsAttack (the fast run
// on copies) must never change what it is handed.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolveTeamsAttack, TeamsAttackFastRun } from "../../../src/core/fast/index.js";
import {
  copyCombatant,
  teamsAttack,
  type TeamsCombatant,
  type TeamsCommand,
} from "../../../src/core/attack/teams/index.js";
import { seededRoller } from "../../../src/core/shared/roller.js";
import { foe, shortbow, spear, who } from "../attack/teams/helpers.js";

const choiceArb = fc.record({
  seed: fc.integer(),
  weapon: fc.constantFrom(spear, shortbow),
  attacksThisRound: fc.nat(3),
  endurance: fc.nat(6),
  health: fc.nat(8),
  stamina: fc.nat(2),
  reactions: fc.nat(1),
  cheatDeathDifficulty: fc.constantFrom(10, 15, 20),
  condition: fc.constantFrom("active" as const, "unconscious" as const),
  sneak: fc.boolean(),
});
type Choice = typeof choiceArb extends fc.Arbitrary<infer C> ? C : never;

function pair(o: Choice): [TeamsCombatant, TeamsCombatant] {
  const attacker = who("a", { weapon: o.weapon, attacksThisRound: o.attacksThisRound });
  const target = foe("t", {
    endurance: o.endurance,
    health: o.health,
    maxHealth: 8,
    constitution: 2,
    stamina: o.stamina,
    reactions: o.reactions,
    cheatDeathDifficulty: o.cheatDeathDifficulty,
    condition: o.condition,
  });
  return [attacker, target];
}

/** The attack card with its default choices (its first button at each step), from declare to done. */
function card(attacker: TeamsCombatant, target: TeamsCombatant, sneak: boolean, seed: number) {
  const roller = seededRoller(seed);
  const s = teamsAttack.start({ combatants: [attacker, target] }, roller);
  if (!s.ok) throw new Error(s.reason);
  let st = s.state;
  const events: string[] = [];
  let c: TeamsCommand | undefined = { type: "declare", attacker: "a", target: "t", sneak };
  for (; c; c = st.step === "done" ? undefined : teamsAttack.legal(st)[0]) {
    const o = teamsAttack.apply(st, c, roller);
    if (!o.ok) throw new Error(o.reason);
    st = o.state;
    for (const e of o.events) events.push(e.type === "reactionTaken" ? `reactionTaken:${String(e.reaction)}` : e.type);
  }
  return { state: st, events, roller };
}

describe("the teams attack's fast run", () => {
  it(
    "TEAM-48 TEAM-54 TEAM-64 TEAM-67 TEAM-70 a strike leaves both combatants as the attack card leaves " +
      "them, from the same dice",
    () => {
      const seen = new Map<string, number>();
      fc.assert(
        fc.property(choiceArb, (o) => {
          const [attacker, target] = pair(o);
          const full = card(attacker, target, o.sneak, o.seed);
          const att = copyCombatant(attacker);
          const tgt = copyCombatant(target);
          const quick = seededRoller(o.seed);
          const r = new TeamsAttackFastRun();
          r.strike(att, tgt, { declaration: { sneak: o.sneak } }, quick);
          expect(r.outcome).toBe(full.state.outcome);
          expect(att).toEqual(full.state.combatants.a);
          expect(tgt).toEqual(full.state.combatants.t);
          // The same dice drawn, no more and no fewer.
          expect(quick.die(1000)).toBe(full.roller.die(1000));
          for (const e of ["reactionTaken:fortify", "consciousnessLost", "deathRisked", "combatantKilled"])
            if (full.events.includes(e)) seen.set(e, (seen.get(e) ?? 0) + 1);
          seen.set(r.outcome, (seen.get(r.outcome) ?? 0) + 1);
        }),
        { numRuns: 600 },
      );
      // Each branch of the strike came up: a fortify, falling unconscious for want of one, the luck test, a death.
      for (const e of [
        "miss",
        "hit",
        "critical",
        "reactionTaken:fortify",
        "consciousnessLost",
        "deathRisked",
        "combatantKilled",
      ])
        expect(seen.get(e) ?? 0, e).toBeGreaterThan(3);
    },
  );

  it("TEAM-48 resolveTeamsAttack changes neither combatant it is handed and returns the strike's copies", () => {
    fc.assert(
      fc.property(choiceArb, (o) => {
        const [attacker, target] = pair(o);
        const before = structuredClone([attacker, target]);
        const res = resolveTeamsAttack(attacker, target, seededRoller(o.seed), { declaration: { sneak: o.sneak } });
        expect([attacker, target]).toEqual(before);
        const full = card(attacker, target, o.sneak, o.seed);
        expect(res.outcome).toBe(full.state.outcome);
        expect(res.target).toEqual(full.state.combatants.t);
        expect(res.damage).toBe(target.endurance - res.target.endurance + (target.health - res.target.health));
        expect(res.died).toBe(res.target.condition === "dead");
      }),
      { numRuns: 200 },
    );
  });
});
