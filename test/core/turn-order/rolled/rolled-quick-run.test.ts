import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seededRoller } from "../../../../src/core/shared/roller.js";
import {
  RolledQuickRun,
  rolledEngine,
  type RolledCommand,
  type RolledSetup,
  type RolledState,
} from "../../../../src/core/turn-order/rolled/index.js";
import type { TurnOrderEngine } from "../../../../src/core/turn-order/types.js";
import { DEFAULT_ROUND_CAP, DEFAULT_TACTICS, SAMPLE_PARTIES, strainFight } from "../../../../src/sim/index.js";
import { junk, strangeIds } from "../shared/engine-properties.js";
import { driveSteps, lockstep, newTally, randomDrive } from "../shared/quick-run-lockstep.js";

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
    combatants: sides.map((side, i) => ({ id: `c${i}`, side, initiative: i % 3, stressLoad: i % 2, stressTolerance: 1 })),
    options,
  }));

const anyCommand = (ids: readonly string[]): fc.Arbitrary<unknown> => {
  const id = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: strangeIds });
  return fc.oneof(
    fc.record({ type: fc.constantFrom("act", "endTurn", "remove", "bogus"), combatant: id }),
    fc.record({ type: fc.constant("setAble"), combatant: id, able: fc.oneof(fc.boolean(), junk) }),
    fc.record({
      type: fc.constant("spend"),
      combatant: id,
      action: fc.constantFrom("action", "move"),
      name: fc.oneof(fc.constant("Basic Attack"), junk),
      squares: fc.constant(1),
    }),
    fc.record({ type: fc.constant("spend"), combatant: id, action: fc.constant("action"), moveAfter: fc.oneof(fc.boolean(), junk) }),
    fc.record({ type: fc.constant("delay"), combatant: id, after: fc.oneof(fc.constant(null), id) }),
    fc.constant({ type: "endCombat" }),
    junk,
  );
};

const quick = (s: RolledState) => new RolledQuickRun(s);
const ended = (s: RolledState) => s.ended;

describe("rolled quick run", () => {
  it("STR-03 random drives: the quick run accepts, refuses and leaves the state exactly as apply() does, command by command", () => {
    const tally = newTally();
    fc.assert(
      fc.property(
        setupArb.chain((setup) => fc.tuple(fc.constant(setup), fc.nat(1000), driveSteps(anyCommand(setup.combatants.map((c) => c.id))))),
        ([setup, seed, steps]) => {
          const o = rolledEngine.start(setup, seededRoller(seed));
          if (!o.ok) throw new Error(o.reason);
          lockstep(rolledEngine, o.state, quick, randomDrive(rolledEngine, steps), tally, ended, seed);
        },
      ),
      { numRuns: 300 },
    );
    // Counted so the property cannot pass by comparing nothing: many commands, accepted and refused, fights ended.
    expect(tally.accepted).toBeGreaterThan(3000);
    expect(tally.commands - tally.accepted).toBeGreaterThan(300);
    expect(tally.ended).toBeGreaterThan(50);
  }, 60_000);

  it("STR-04 the simulator's own strain fights, replayed: every state the quick run reaches is apply()'s", () => {
    const p = SAMPLE_PARTIES.strain;
    const tally = newTally();
    const roller = seededRoller(16);
    for (let f = 0; f < 150; f++) {
      // The fight played through apply() (an engine other than rolledEngine itself), its start state and commands kept.
      const sent: RolledCommand[] = [];
      let first: RolledState | null = null;
      const recording: TurnOrderEngine<RolledSetup, RolledState, RolledCommand> = {
        ...rolledEngine,
        start(setup, r) {
          const o = rolledEngine.start(setup, r);
          if (o.ok) first = o.state;
          return o;
        },
        apply(s, cmd, r) {
          sent.push(cmd);
          return rolledEngine.apply(s, cmd, r);
        },
      };
      const r = strainFight(p.a.members, p.b.members, roller, DEFAULT_TACTICS, DEFAULT_ROUND_CAP, recording);
      if ("ok" in r) throw new Error(r.reason);
      if (first === null) throw new Error("no start");
      lockstep(rolledEngine, first, quick, (_, i) => sent[i], tally, ended);
    }
    expect(tally.accepted).toBe(tally.commands);
    expect(tally.ended).toBe(150);
    expect(tally.commands).toBeGreaterThan(150 * 200);
  }, 60_000);
});
