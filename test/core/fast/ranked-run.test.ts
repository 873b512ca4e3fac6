import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RankedFastRun } from "../../../src/core/fast/index.js";
import { rankedEngine, type RankedSetup, type RankedState } from "../../../src/core/turn-order/ranked/index.js";
import { DEFAULT_ROUND_CAP, DEFAULT_TACTICS, escalationFight, SAMPLE_PARTIES } from "../../../src/sim/index.js";
import { junk, strangeIds } from "../turn-order/shared/engine-properties.js";
import { randomLockstep, replayedFights } from "./lockstep.js";

const setupArb: fc.Arbitrary<RankedSetup> = fc
  .record({
    units: fc.array(
      fc.record({
        side: fc.constantFrom("pc", "npc", "beasts"),
        agility: fc.integer({ min: -3, max: 4 }),
        prone: fc.boolean(),
      }),
      {
        minLength: 2,
        maxLength: 7,
      },
    ),
    options: fc.record({
      ties: fc.constantFrom("listed" as const, "pcFirst" as const, "rollOff" as const),
      delayKeepsPlace: fc.boolean(),
      endWhen: fc.constantFrom("oneSideLeft" as const, "anySideDown" as const),
    }),
  })
  .filter(({ units }) => new Set(units.map((u) => u.side)).size >= 2)
  .map(({ units, options }) => ({
    combatants: units.map((u, i) => ({ ...u, id: `u${i}`, name: `Unit ${i}` })),
    options,
  }));

const anyCommand = (ids: readonly string[]): fc.Arbitrary<unknown> => {
  const id = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: strangeIds });
  return fc.oneof(
    fc.record({ type: fc.constantFrom("act", "endTurn", "freeHit", "bogus"), combatant: id }),
    fc.record({
      type: fc.constant("remove"),
      combatant: id,
      reason: fc.oneof(fc.constantFrom("defeated", "fled", "eaten"), junk),
    }),
    fc.record({ type: fc.constant("setAble"), combatant: id, able: fc.oneof(fc.boolean(), junk) }),
    fc.record({ type: fc.constant("setProne"), combatant: id, prone: fc.boolean() }),
    fc.record({
      type: fc.constant("spend"),
      combatant: id,
      action: fc.oneof(fc.constantFrom("attack", "extraAttack", "standUp", "disengage", "move", "boostAccuracy"), junk),
      pay: fc.oneof(fc.constantFrom("AA", "MA", "BA", "MA+2BA", "granted"), junk),
    }),
    fc.record({ type: fc.constant("delay"), combatant: id, after: fc.oneof(fc.constant(null), id) }),
    fc.constant({ type: "endCombat" }),
    junk,
  );
};

const fast = (s: RankedState) => RankedFastRun.of(s);
const ended = (s: RankedState) => s.ended;

describe("the ranked order's fast run", () => {
  it(
    "ESC-05 random drives: the fast run accepts, refuses and leaves the state exactly as apply() " +
      "does, command by command",
    () => {
      const ids = (s: RankedSetup) => s.combatants.map((c) => c.id);
      const tally = randomLockstep(rankedEngine, setupArb, ids, anyCommand, fast, ended, 300);
      // Counted so the property cannot pass by comparing nothing: many commands, accepted and refused, fights ended.
      expect(tally.accepted).toBeGreaterThan(3000);
      expect(tally.commands - tally.accepted).toBeGreaterThan(300);
      expect(tally.ended).toBeGreaterThan(50);
    },
    60_000,
  );

  it("ESC-63 the simulator's own escalation battles, replayed: every state the fast run reaches is apply()'s", () => {
    const p = SAMPLE_PARTIES.escalation;
    const play = (e: typeof rankedEngine, r: Parameters<typeof escalationFight>[2]) =>
      escalationFight(p.a.members, p.b.members, r, DEFAULT_TACTICS, DEFAULT_ROUND_CAP, e);
    const tally = replayedFights(rankedEngine, fast, ended, play, 150);
    expect(tally.accepted).toBe(tally.commands);
    expect(tally.ended).toBe(150);
    expect(tally.commands).toBeGreaterThan(150 * 60);
  }, 60_000);
});
