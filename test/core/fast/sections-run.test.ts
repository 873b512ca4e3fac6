import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SectionsFastRun } from "../../../src/core/fast/index.js";
import { sectionsEngine, type SectionsSetup, type SectionsState } from "../../../src/core/turn-order/sections/index.js";
import { DEFAULT_ROUND_CAP, DEFAULT_TACTICS, SAMPLE_PARTIES, sectionsFight } from "../../../src/sim/index.js";
import { junk, strangeIds } from "../turn-order/shared/engine-properties.js";
import { randomLockstep, replayedFights } from "./lockstep.js";

const SIDES = ["players", "enemies", "beasts"];

const setupArb: fc.Arbitrary<SectionsSetup> = fc
  .record({
    sides: fc.integer({ min: 2, max: 3 }),
    members: fc.array(fc.record({ sideSeed: fc.nat(), able: fc.boolean() }), { minLength: 2, maxLength: 7 }),
    order: fc.constantFrom("sides" as const, "fixed" as const, "popcorn" as const),
    grantedMoveWindow: fc.constantFrom("anytime" as const, "drawToDiscard" as const),
  })
  .map(({ sides, members, order, grantedMoveWindow }) => ({
    // Every side gets at least its first member, so the fight starts with `sides` sides.
    combatants: members.map((m, i) => ({
      id: `c${i}`,
      side: SIDES[i < sides ? i : m.sideSeed % sides] as string,
      able: i === 0 || m.able,
    })),
    options: { order, grantedMoveWindow },
  }));

const anyCommand = (ids: readonly string[]): fc.Arbitrary<unknown> => {
  const id = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: strangeIds });
  return fc.oneof(
    fc.record({ type: fc.constantFrom("act", "draw", "endTurn", "remove", "discard", "bogus"), combatant: id }),
    fc.record({ type: fc.constant("setAble"), combatant: id, able: fc.oneof(fc.boolean(), junk) }),
    fc.record({
      type: fc.constant("spend"),
      combatant: id,
      phase: fc.oneof(fc.constantFrom("strategy", "action"), junk),
      action: fc.oneof(fc.constantFrom("block", "strategy", "action", "incant"), junk),
    }),
    // SEC-06 and SEC-42: a card's grant, and a Block naming its border, ride on a spend; a Block comes down by itself.
    fc.record({
      type: fc.constant("spend"),
      combatant: id,
      phase: fc.constantFrom("strategy", "action"),
      action: fc.constantFrom("strategy", "action"),
      grant: fc.record({
        source: fc.constantFrom("wings", "sprint"),
        kind: fc.constantFrom("move", "fly"),
        n: fc.nat(3),
        height: fc.nat(2),
      }),
    }),
    fc.record({
      type: fc.constant("spend"),
      combatant: id,
      phase: fc.constant("strategy"),
      action: fc.constant("block"),
      border: fc.constant("a|b"),
      from: fc.constant("a"),
    }),
    fc.record({ type: fc.constant("lowerBlock"), combatant: id, reason: fc.constantFrom("announced", "immobilized") }),
    fc.record({
      type: fc.constant("move"),
      combatant: id,
      kind: fc.constant("granted"),
      source: fc.constantFrom("wings", "sprint"),
      movement: fc.constantFrom("move", "fly"),
    }),
    fc.record({ type: fc.constant("move"), combatant: id, kind: fc.oneof(fc.constantFrom("innate", "granted"), junk) }),
    fc.constant({ type: "endCombat" }),
    junk,
  );
};

const fast = (s: SectionsState) => SectionsFastRun.of(s);
const ended = (s: SectionsState) => s.result !== null;

describe("the sections order's fast run", () => {
  it(
    "SEC-05 random drives: the fast run accepts, refuses and leaves the state exactly as apply() " +
      "does, command by command",
    () => {
      const ids = (s: SectionsSetup) => s.combatants.map((c) => c.id);
      const tally = randomLockstep(sectionsEngine, setupArb, ids, anyCommand, fast, ended, 300);
      // Counted so the property cannot pass by comparing nothing: many commands, accepted and refused, fights ended.
      expect(tally.accepted).toBeGreaterThan(3000);
      expect(tally.commands - tally.accepted).toBeGreaterThan(300);
      expect(tally.ended).toBeGreaterThan(50);
    },
    60_000,
  );

  it("SEC-05 the simulator's own sections fights, replayed: every state the fast run reaches is apply()'s", () => {
    const p = SAMPLE_PARTIES.sections;
    const play = (e: typeof sectionsEngine, r: Parameters<typeof sectionsFight>[2]) =>
      sectionsFight(p.a.members, p.b.members, r, DEFAULT_TACTICS, DEFAULT_ROUND_CAP, e);
    const tally = replayedFights(sectionsEngine, fast, ended, play, 150);
    expect(tally.accepted).toBe(tally.commands);
    expect(tally.ended).toBe(150);
    expect(tally.commands).toBeGreaterThan(150 * 100);
  }, 60_000);
});
