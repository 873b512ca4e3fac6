import { describe, expect, it } from "vitest";
import { seededRoller } from "../../../../src/core/shared/roller.js";
import { rolledEngine, type RolledSetup } from "../../../../src/core/turn-order/rolled/index.js";
import { junkSetups, playJunk, type JunkHarness } from "../shared/junk-commands.js";
import { trio } from "./rolled-helpers.js";
import { fuzzCount } from "../../../fuzz-size.js";

const COMMANDS = fuzzCount(1000);

const TIES = ["listed", "modifier", "pcFirst", "rollOff"] as const;

const harness: JunkHarness<RolledSetup, unknown, unknown> = {
  engine: rolledEngine,
  // The trio, with a third side and a Starting Area every other fight, under each option in turn.
  setup: (n) => ({
    combatants: [
      ...trio.combatants,
      ...(n % 2 === 1 ? [{ id: "wolf", name: "Wolf", side: "beasts", initiative: 2, speed: 6 }] : []),
    ],
    ...(n % 2 === 0 ? { startingAreas: { pc: [{ x: 0, y: 0 }] } } : {}),
    options: {
      ties: TIES[n % 4] ?? "modifier",
      roundZero: n % 3 === 0 ? "pcsOnly" : "everyone",
      delayLimit: n % 2 === 0 ? "perRound" : "perCharacter",
      endWhen: n % 5 === 0 ? "anySideDown" : "oneSideLeft",
      recoverAtZeroTolerance: n % 2 === 1,
    },
  }),
  ids: (s) => s.combatants.map((c) => c.id),
  types: [
    "act",
    "endTurn",
    "delay",
    "position",
    "spend",
    "setLoads",
    "setAble",
    "setStunned",
    "remove",
    "declareEnd",
    "endCombat",
  ],
  fields: [
    "after",
    "square",
    "stance",
    "action",
    "squares",
    "name",
    "moveAfter",
    "stressLoad",
    "stressTolerance",
    "fatigueLoad",
    "fatigueTolerance",
    "able",
    "stunned",
    "outcome",
    "victors",
  ],
};

describe("rolled engine against junk", () => {
  it(`answers ${COMMANDS} mixed legal and junk commands without a throw, every refusal keyed`, () => {
    const run = playJunk(harness, 20261121, COMMANDS);
    expect(run.throws).toEqual([]);
    expect(run.accepted + run.refused).toBe(run.commands);
    // Both kinds really happened, and the fights went on long enough to restart several times.
    expect(run.accepted).toBeGreaterThan(run.commands / 4);
    expect(run.refused).toBeGreaterThan(run.commands / 4);
    expect(run.fights).toBeGreaterThan(3);
    expect(run.keys.has("FRAY.Refusal.MalformedCommand")).toBe(true);
    expect(run.keys.has("FRAY.Refusal.UnknownCommand")).toBe(true);
    expect(run.keys.has("FRAY.Refusal.UnknownCombatant")).toBe(true);
  });

  it("spend names a junk step in its refusal without converting it (String() throws on Object.create(null))", () => {
    const o = rolledEngine.start(trio, seededRoller(1));
    if (!o.ok) throw new Error(o.reason);
    for (const v of [Object.create(null) as object, Symbol("x"), { toString: null }, [Object.create(null) as object]]) {
      const out = rolledEngine.apply(o.state, { type: "spend", combatant: "bob", action: v } as never, seededRoller(0));
      expect(!out.ok && out.key).toBe("FRAY.Refusal.UnknownAction");
    }
  });

  it("start refuses junk setups (or accepts ones it can read) without a throw", () => {
    for (const setup of junkSetups(trio as never)) {
      const out = rolledEngine.start(setup as never, seededRoller(0));
      if (!out.ok) expect(out.key).toMatch(/^FRAY\.Refusal\.[A-Za-z]+$/);
    }
  });
});
