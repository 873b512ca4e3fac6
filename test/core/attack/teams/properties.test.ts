import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { seededRoller } from "../../../../src/core/shared/roller.js";
import { teamsAttack, type TeamsCommand } from "../../../../src/core/attack/teams/index.js";
import { foe, shortbow, spear, who } from "./helpers.js";

function deepFreeze<T>(o: T): T {
  if (o && typeof o === "object" && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

const ids = fc.constantFrom("a", "b", "x", "y", "nobody");
const command: fc.Arbitrary<TeamsCommand> = fc.oneof(
  fc.record({
    type: fc.constant("declare" as const),
    attacker: ids,
    target: ids,
    sneak: fc.boolean(),
    flanking: fc.boolean(),
    disadvantages: fc.integer({ min: -1, max: 2 }),
    adjacent: fc.subarray(["a", "b", "x", "y"]),
    effect: fc.constantFrom(
      null,
      { name: "knockdown", kind: "physical" as const },
      { name: "fear", kind: "mental" as const },
    ),
  }),
  fc.record({ type: fc.constant("killingStrike" as const), attacker: ids, target: ids }),
  fc.constantFrom<TeamsCommand>(
    { type: "roll" },
    { type: "rollDamage" },
    { type: "apply" },
    { type: "skipReaction" },
    { type: "fortify" },
    { type: "fallUnconscious" },
    { type: "newRound" },
  ),
  fc.record({
    type: fc.constant("react" as const),
    reaction: fc.constantFrom(
      "dodge" as const,
      "fortify" as const,
      "resist" as const,
      "intercept" as const,
      "block" as const,
      "parry" as const,
      "jump" as never,
    ),
    item: fc.constantFrom("shield", "sword", "none"),
    by: ids,
  }),
  fc.record({ type: fc.constant("heal" as const), target: ids, amount: fc.integer({ min: -3, max: 12 }) }),
  fc.record({
    type: fc.constant("damage" as const),
    target: ids,
    amount: fc.integer({ min: -3, max: 15 }),
    nonlethal: fc.boolean(),
  }),
  fc.record({ type: fc.constant("startTurn" as const), combatant: ids }),
  fc.record({
    type: fc.constant("setStatus" as const),
    combatant: ids,
    status: fc.constantFrom("guarding" as const, "prone" as const, "inCover" as const),
    value: fc.boolean(),
  }),
);

const shield = { id: "shield", name: "shield", block: 3, parry: null, durability: null, metal: false };
const sword = { id: "sword", name: "sword", block: null, parry: 2, durability: 3, metal: true };
/** Half the time press one of the card's legal buttons, so whole attacks run, not just refusals. */
type Step = { readonly legal: number } | TeamsCommand;
const step: fc.Arbitrary<Step> = fc.oneof(
  command,
  fc.nat({ max: 50 }).map((legal) => ({ legal })),
);
function pick(state: Parameters<typeof teamsAttack.legal>[0], s: Step): TeamsCommand | undefined {
  if (!("legal" in s)) return s;
  const options = teamsAttack.legal(state);
  return options[s.legal % Math.max(1, options.length)];
}

const setup = {
  combatants: [
    who("a", { weapon: spear, items: [sword], endurance: 8, health: 8, constitution: 3 }),
    who("x", { weapon: shortbow, items: [shield], endurance: 6, health: 6 }),
    foe("b", {
      weapon: spear,
      items: [shield, sword],
      endurance: 8,
      health: 8,
      deflection: { physical: 2, elemental: 1 },
    }),
    foe("y", { weapon: shortbow, endurance: 5, health: 5, stamina: 1, focus: 0 }),
  ],
};

describe("teams pipeline properties", () => {
  it(
    "TEAM-64 any command sequence: no exception, no mutation, JSON-safe, pools within 0..max, spent " +
      "resources never negative",
    () => {
      fc.assert(
        fc.property(fc.integer(), fc.array(step, { maxLength: 40 }), (seed, cmds) => {
          const roller = seededRoller(seed);
          const s = teamsAttack.start(setup, roller);
          if (!s.ok) throw new Error(s.reason);
          let state = deepFreeze(s.state);
          for (const sc of cmds) {
            const c = pick(state, sc);
            if (!c) continue;
            const before = JSON.stringify(state);
            const o = teamsAttack.apply(state, c, roller);
            expect(JSON.stringify(state)).toBe(before);
            if (!o.ok) {
              expect(o.key).toMatch(/^FRAY\.Refusal\.[A-Z][A-Za-z]+$/);
              continue;
            }
            expect(JSON.parse(JSON.stringify(o.state))).toEqual(o.state);
            for (const u of Object.values(o.state.combatants)) {
              expect(u.endurance).toBeGreaterThanOrEqual(0);
              expect(u.endurance).toBeLessThanOrEqual(u.maxEndurance);
              expect(u.health).toBeGreaterThanOrEqual(0);
              expect(u.health).toBeLessThanOrEqual(u.maxHealth);
              expect(Math.min(u.stamina, u.focus, u.reactions)).toBeGreaterThanOrEqual(0);
              for (const i of u.items) expect(i.durability).toBeGreaterThanOrEqual(0);
              if (u.health === 0) expect(u.condition).not.toBe("active");
            }
            state = deepFreeze(o.state);
          }
        }),
        { numRuns: 300 },
      );
    },
  );

  it("TEAM-65 harmed and bloodied never go back without healing: damage only lowers endurance and health", () => {
    fc.assert(
      fc.property(fc.integer(), fc.array(step, { maxLength: 30 }), (seed, cmds) => {
        const roller = seededRoller(seed);
        const s = teamsAttack.start(setup, roller);
        if (!s.ok) throw new Error(s.reason);
        let state = s.state;
        for (const sc of cmds) {
          const c = pick(state, sc);
          if (!c) continue;
          const o = teamsAttack.apply(state, c, roller);
          if (!o.ok) continue;
          if (c.type !== "heal") {
            for (const [id, u] of Object.entries(o.state.combatants)) {
              const was = state.combatants[id];
              if (!was) continue;
              expect(u.endurance).toBeLessThanOrEqual(was.endurance);
              expect(u.health).toBeLessThanOrEqual(was.health);
            }
          }
          state = o.state;
        }
      }),
      { numRuns: 200 },
    );
  });
});
