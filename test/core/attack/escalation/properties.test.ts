import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { seededRoller } from "../../../../src/core/shared/roller.js";
import { escalationAttack, type EscalationCommand } from "../../../../src/core/attack/escalation/index.js";
import { unit, bow } from "./helpers.js";

function deepFreeze<T>(o: T): T {
  if (o && typeof o === "object" && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

const ids = fc.constantFrom("ash", "orc", "imp", "ghost");
const command: fc.Arbitrary<EscalationCommand> = fc.oneof(
  fc.record({
    type: fc.constant("declare" as const),
    attacker: ids,
    target: ids,
    aim: fc.constantFrom(null, "fatal", "slowing", "weakening", "disrupting", "centerMass", "elbow" as never),
    flanking: fc.boolean(),
    undetected: fc.boolean(),
    inMeleeZone: fc.boolean(),
    kind: fc.constantFrom("attack" as const, "extraAttack" as const, "freeHit" as const),
    toHitBonus: fc.integer({ min: -3, max: 3 }),
  }),
  fc.constantFrom<EscalationCommand>(
    { type: "roll" },
    { type: "rollDamage" },
    { type: "apply" },
    { type: "skipReaction" },
    { type: "react", reaction: "freeHit" },
    { type: "react", reaction: "dodge" },
    { type: "newRound" },
  ),
  fc.record({ type: fc.constant("heal" as const), target: ids, amount: fc.integer({ min: -3, max: 12 }) }),
  fc.record({ type: fc.constant("damage" as const), target: ids, amount: fc.integer({ min: -3, max: 12 }) }),
  fc.record({ type: fc.constant("startTurn" as const), combatant: ids }),
  fc.record({
    type: fc.constant("disengage" as const),
    combatant: ids,
    pay: fc.constantFrom("aa" as const, "ba" as const, "granted" as const),
  }),
  fc.record({
    type: fc.constant("setStatus" as const),
    combatant: ids,
    status: fc.constantFrom("flatFooted" as const, "prone" as const, "channeling" as const),
    value: fc.boolean(),
  }),
  fc.record({ type: fc.constant("disarm" as const), combatant: ids }),
  fc.record({
    type: fc.constant("standUp" as const),
    combatant: ids,
    pay: fc.constantFrom("aa" as const, "ma" as const, "ba" as const),
    outsideTurn: fc.boolean(),
  }),
  fc.record({
    type: fc.constant("retrieve" as const),
    combatant: ids,
    pay: fc.constantFrom("aa" as const, "ma" as const, "ba" as const),
  }),
);

/** Half the time press one of the card's legal buttons, so whole attacks run, not just refusals. */
type Step = { readonly legal: number } | EscalationCommand;
const step: fc.Arbitrary<Step> = fc.oneof(
  command,
  fc.nat({ max: 50 }).map((legal) => ({ legal })),
);
function pick(state: Parameters<typeof escalationAttack.legal>[0], s: Step): EscalationCommand | undefined {
  if (!("legal" in s)) return s;
  const options = escalationAttack.legal(state);
  return options[s.legal % Math.max(1, options.length)];
}

const setup = {
  combatants: [
    unit("ash", { agility: 1, hp: 12 }),
    unit("orc", { agility: 0, hp: 12, armor: 1 }),
    unit("imp", { agility: -1, hp: 6, weapon: bow }),
  ],
};

describe("escalation pipeline properties", () => {
  it(
    "ESC-13 any command sequence: no exception, no mutation, JSON-safe state, HP within 0..max, steps only " +
      "forward within an attack",
    () => {
      fc.assert(
        fc.property(fc.integer(), fc.array(step, { maxLength: 40 }), (seed, cmds) => {
          const roller = seededRoller(seed);
          const s = escalationAttack.start(setup, roller);
          if (!s.ok) throw new Error(s.reason);
          let state = deepFreeze(s.state);
          for (const sc of cmds) {
            const c = pick(state, sc);
            if (!c) continue;
            const before = JSON.stringify(state);
            const o = escalationAttack.apply(state, c, roller);
            expect(JSON.stringify(state)).toBe(before);
            if (!o.ok) {
              expect(o.key).toMatch(/^FRAY\.Refusal\.[A-Z][A-Za-z]+$/);
              continue;
            }
            expect(JSON.parse(JSON.stringify(o.state))).toEqual(o.state);
            for (const u of Object.values(o.state.combatants)) {
              expect(u.hp).toBeGreaterThanOrEqual(0);
              expect(u.hp).toBeLessThanOrEqual(u.maxHp);
              expect(u.freeHitsUsed).toBeGreaterThanOrEqual(0);
            }
            state = deepFreeze(o.state);
          }
        }),
        { numRuns: 300 },
      );
    },
  );

  it("ESC-42 a unit never makes more free hits in a round than its Free Hit Slots (tragedies aside)", () => {
    fc.assert(
      fc.property(fc.integer(), fc.array(step, { maxLength: 40 }), (seed, cmds) => {
        const roller = seededRoller(seed);
        const s = escalationAttack.start(setup, roller);
        if (!s.ok) throw new Error(s.reason);
        let state = s.state;
        for (const sc of cmds) {
          const c = pick(state, sc);
          if (!c) continue;
          const o = escalationAttack.apply(state, c, roller);
          if (!o.ok) continue;
          state = o.state;
          for (const u of Object.values(state.combatants))
            expect(u.freeHitsUsed).toBeLessThanOrEqual(Math.max(0, u.agility + 1));
        }
      }),
      { numRuns: 200 },
    );
  });
});
