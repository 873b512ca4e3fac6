import { describe, expect, it } from "vitest";
import { seededRoller } from "../../../../src/core/shared/roller.js";
import { rankedEngine, type RankedSetup } from "../../../../src/core/turn-order/ranked/index.js";
import { junkSetups, playJunk, type JunkHarness } from "../shared/junk-commands.js";
import { party } from "./ranked-helpers.js";
import { fuzzCount } from "../../../fuzz-size.js";

const COMMANDS = fuzzCount(1000);

const TIES = ["listed", "pcFirst", "rollOff"] as const;

const harness: JunkHarness<RankedSetup, unknown, unknown> = {
  engine: rankedEngine,
  // The party, with a third side and a prone initiator every other fight, under each tie-break in turn.
  setup: (n) => ({
    combatants: [
      ...party.combatants,
      ...(n % 2 === 1 ? [{ id: "wolf", name: "Wolf", side: "beasts", agility: 1, prone: true, initiator: true }] : []),
    ],
    options: {
      ties: TIES[n % 3] ?? "listed",
      delayKeepsPlace: n % 4 < 2,
      endWhen: n % 5 === 0 ? "anySideDown" : "oneSideLeft",
    },
  }),
  ids: (s) => s.combatants.map((c) => c.id),
  types: ["act", "endTurn", "delay", "spend", "freeHit", "setProne", "setAble", "remove", "declareEnd", "endCombat"],
  fields: ["after", "action", "pay", "prone", "able", "reason", "outcome", "victors"],
};

describe("ranked engine against junk", () => {
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

  it(
    "spend names a junk action or payment in its refusal without converting it (String() throws on " +
      "Object.create(null))",
    () => {
      const o = rankedEngine.start(party, seededRoller(1));
      if (!o.ok) throw new Error(o.reason);
      for (const v of [
        Object.create(null) as object,
        Symbol("x"),
        { toString: null },
        [Object.create(null) as object],
      ]) {
        for (const cmd of [
          { type: "spend", combatant: "ana", action: v, pay: "aa" },
          { type: "spend", combatant: "ana", action: "attack", pay: v },
        ]) {
          const out = rankedEngine.apply(o.state, cmd as never, seededRoller(0));
          expect(!out.ok && out.key).toMatch(/^FRAY\.Refusal\.Unknown(Action|Payment)$/);
        }
      }
    },
  );

  it("start refuses junk setups (or accepts ones it can read) without a throw", () => {
    for (const setup of junkSetups(party as never)) {
      const out = rankedEngine.start(setup as never, seededRoller(0));
      if (!out.ok) expect(out.key).toMatch(/^FRAY\.Refusal\.[A-Za-z]+$/);
    }
  });
});
