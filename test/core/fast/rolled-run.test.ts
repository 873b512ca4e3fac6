import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RolledFastRun } from "../../../src/core/fast/index.js";
import {
  rolledEngine,
  upNow,
  type RolledCommand,
  type RolledSetup,
  type RolledState,
} from "../../../src/core/turn-order/rolled/index.js";
import { seededRoller, type Roller } from "../../../src/core/shared/roller.js";
import { DEFAULT_ROUND_CAP, DEFAULT_TACTICS, SAMPLE_PARTIES, strainFight } from "../../../src/sim/index.js";
import { junk, strangeIds } from "../turn-order/shared/engine-properties.js";
import { randomLockstep, replayedFights } from "./lockstep.js";

const setupArb: fc.Arbitrary<RolledSetup> = fc
  .record({
    sides: fc.array(fc.constantFrom("pc", "npc", "beasts"), { minLength: 2, maxLength: 6 }),
    options: fc.record({
      ties: fc.constantFrom("listed" as const, "modifier" as const, "pcFirst" as const, "rollOff" as const),
      roundZero: fc.constantFrom("everyone" as const, "pcsOnly" as const),
      delayLimit: fc.constantFrom("perCharacter" as const, "perRound" as const),
      endWhen: fc.constantFrom("oneSideLeft" as const, "anySideDown" as const),
      recoverAtZeroTolerance: fc.boolean(),
    }),
  })
  .filter(({ sides }) => new Set(sides).size >= 2)
  .map(({ sides, options }) => ({
    combatants: sides.map((side, i) => ({
      id: `c${i}`,
      side,
      initiative: i % 3,
      stressLoad: i % 2,
      stressTolerance: 1,
      // STR-57: some start Stunned, so a run meets a lost Action and a stack going at a turn's end.
      stunned: i % 3 === 1 ? 2 : 0,
    })),
    options,
  }));

const anyCommand = (ids: readonly string[]): fc.Arbitrary<unknown> => {
  const id = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: strangeIds });
  return fc.oneof(
    fc.record({ type: fc.constantFrom("act", "endTurn", "remove", "bogus"), combatant: id }),
    fc.record({ type: fc.constant("setAble"), combatant: id, able: fc.oneof(fc.boolean(), junk) }),
    fc.record({ type: fc.constant("setStunned"), combatant: id, stunned: fc.oneof(fc.nat(2), junk) }),
    fc.record({
      type: fc.constant("spend"),
      combatant: id,
      action: fc.constantFrom("action", "move"),
      name: fc.oneof(fc.constant("Basic Attack"), junk),
      squares: fc.constant(1),
    }),
    fc.record({
      type: fc.constant("spend"),
      combatant: id,
      action: fc.constant("action"),
      moveAfter: fc.oneof(fc.boolean(), junk),
    }),
    fc.record({ type: fc.constant("delay"), combatant: id, after: fc.oneof(fc.constant(null), id) }),
    fc.constant({ type: "endCombat" }),
    junk,
  );
};

const fast = (s: RolledState) => RolledFastRun.of(s);
const ended = (s: RolledState) => s.ended;

/**
 * The fast run driven as the strain fight drives it: an act for whoever is up, the acting one's Action and endTurn
 * go through actNext, takeAction and endTurnNow (the command only when they leave it to apply); `used` counts them.
 */
function stepped(s0: RolledState, used: { n: number }) {
  const run = RolledFastRun.of(s0);
  return {
    get state(): RolledState {
      return run.state;
    },
    apply(cmd: RolledCommand, roller: Roller) {
      const s = run.state;
      const c = (typeof cmd === "object" && cmd !== null ? cmd : {}) as {
        type?: unknown;
        combatant?: unknown;
        action?: unknown;
        name?: unknown;
        moveAfter?: unknown;
      };
      const up = s.ended || s.acting !== null ? null : upNow(s);
      if (c.type === "act" && up !== null && c.combatant === up.id) {
        if (run.actNext() !== up) throw new Error("actNext started another turn than upNow's");
        used.n++;
        return null;
      }
      const own = s.acting !== null && c.combatant === s.acting;
      const plainAction =
        c.action === "action" && c.moveAfter === undefined && (c.name === undefined || typeof c.name === "string");
      if (own && c.type === "spend" && plainAction && run.takeAction()) return (used.n++, null);
      if (own && c.type === "endTurn" && run.endTurnNow()) return (used.n++, null);
      return run.apply(cmd, roller);
    },
  };
}

/** Setups start refuses now and then: a duplicate id, one side only, a bad Load, junk options. */
const anySetup: fc.Arbitrary<RolledSetup> = fc.oneof(
  { weight: 6, arbitrary: setupArb },
  {
    weight: 1,
    arbitrary: setupArb.chain((s) =>
      fc.constantFrom<RolledSetup>(
        { ...s, combatants: s.combatants.map((c) => ({ ...c, id: "twin" })) },
        { ...s, combatants: s.combatants.map((c) => ({ ...c, side: "pc" })) },
        { ...s, combatants: s.combatants.map((c, i) => (i === 1 ? { ...c, fatigueLoad: -1 } : c)) },
        { ...s, options: { ...s.options, ties: "coin" } as unknown as RolledSetup["options"] },
      ),
    ),
  },
);

describe("the rolled order's fast run", () => {
  it(
    "STR-02 STR-03 RolledFastRun.started: start's state (Round Zero passed over included) from the same " +
      "dice, or its refusal",
    () => {
      let started = 0;
      let refused = 0;
      fc.assert(
        fc.property(anySetup, fc.nat(1000), (setup, seed) => {
          const r1 = seededRoller(seed);
          const r2 = seededRoller(seed);
          const o = rolledEngine.start(setup, r1);
          const q = RolledFastRun.started(setup, r2);
          expect(r2.state()).toEqual(r1.state());
          if (!o.ok) {
            refused++;
            expect(q).toEqual(o);
            return;
          }
          started++;
          if ("ok" in q) throw new Error(`started refused what start accepted: ${q.reason}`);
          expect(q.state).toEqual(o.state);
        }),
        { numRuns: 400 },
      );
      expect(started).toBeGreaterThan(200);
      expect(refused).toBeGreaterThan(20);
    },
  );

  it(
    "STR-03 random drives: the fast run accepts, refuses and leaves the state exactly as apply() " +
      "does, command by command",
    () => {
      const ids = (s: RolledSetup) => s.combatants.map((c) => c.id);
      const tally = randomLockstep(rolledEngine, setupArb, ids, anyCommand, fast, ended, 300);
      // Counted so the property cannot pass by comparing nothing: many commands, accepted and refused, fights ended.
      expect(tally.accepted).toBeGreaterThan(3000);
      expect(tally.commands - tally.accepted).toBeGreaterThan(300);
      expect(tally.ended).toBeGreaterThan(50);
    },
    60_000,
  );

  it("STR-04 the simulator's own strain fights, replayed: every state the fast run reaches is apply()'s", () => {
    const p = SAMPLE_PARTIES.strain;
    const play = (e: typeof rolledEngine, r: Parameters<typeof strainFight>[2]) =>
      strainFight(p.a.members, p.b.members, r, DEFAULT_TACTICS, DEFAULT_ROUND_CAP, e);
    const tally = replayedFights(rolledEngine, fast, ended, play, 150);
    expect(tally.accepted).toBe(tally.commands);
    expect(tally.ended).toBe(150);
    expect(tally.commands).toBeGreaterThan(150 * 200);
  }, 60_000);

  it(
    "STR-03 STR-10 actNext, takeAction and endTurnNow leave the state as apply()'s act, spend and endTurn, " +
      "or leave it to apply",
    () => {
      const used = { n: 0 };
      const ids = (s: RolledSetup) => s.combatants.map((c) => c.id);
      const tally = randomLockstep(rolledEngine, setupArb, ids, anyCommand, (s) => stepped(s, used), ended, 300);
      expect(tally.accepted).toBeGreaterThan(3000);
      expect(tally.commands - tally.accepted).toBeGreaterThan(300);
      expect(used.n).toBeGreaterThan(500);
      const p = SAMPLE_PARTIES.strain;
      const play = (e: typeof rolledEngine, r: Parameters<typeof strainFight>[2]) =>
        strainFight(p.a.members, p.b.members, r, DEFAULT_TACTICS, DEFAULT_ROUND_CAP, e);
      const before = used.n;
      const fights = replayedFights(rolledEngine, (s) => stepped(s, used), ended, play, 100);
      expect(fights.accepted).toBe(fights.commands);
      // Nearly every command of a simulated fight is one of the three steps.
      expect(used.n - before).toBeGreaterThan(fights.commands * 0.9);
    },
    60_000,
  );
});
