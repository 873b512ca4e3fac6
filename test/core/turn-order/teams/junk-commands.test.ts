import { describe, expect, it } from "vitest";
import { teamsEngine, type TeamsSetup } from "../../../../src/core/turn-order/teams/index.js";
import { playJunk } from "../junk-commands.js";
import { fuzzCount } from "../../../fuzz-size.js";

const COMMANDS = fuzzCount(1000);

const setup: TeamsSetup = {
  initiative: ["heroes", "raiders", "beasts"],
  surprise: ["raiders"],
  combatants: [
    { id: "ann", team: "heroes", stamina: 3, focus: 3 },
    { id: "bo", team: "heroes", stamina: 1, focus: 5, cannotBeSurprised: true },
    { id: "orc", team: "raiders", stamina: 2, focus: 0 },
    { id: "imp", team: "raiders", stamina: 0, focus: 2 },
    { id: "wolf", team: "beasts", stamina: 4, focus: 1 },
  ],
  objectives: { heroes: "hold the gate" },
};

describe("teams engine: junk commands", () => {
  it(`refuses every junk payload with a typed refusal and never throws, over ${COMMANDS} seeded commands`, () => {
    const tally = playJunk({
      engine: teamsEngine,
      setup,
      types: [
        "act",
        "endTurn",
        "spend",
        "abandon",
        "react",
        "setAble",
        "remove",
        "setObjective",
        "declareEnd",
        "endCombat",
      ],
      fields: [
        "combatant",
        "action",
        "cost",
        "target",
        "reaction",
        "free",
        "able",
        "side",
        "objective",
        "outcome",
        "victors",
      ],
      names: [
        "ann",
        "bo",
        "orc",
        "imp",
        "wolf",
        "heroes",
        "raiders",
        "beasts",
        "Attack",
        "Command",
        "Dodge",
        "Ready an Action",
      ],
      commands: COMMANDS,
      seed: 20240610,
    });
    // The run went somewhere: plenty accepted, plenty refused, and for many different reasons.
    expect(tally.accepted).toBeGreaterThan(250);
    expect(tally.refused).toBeGreaterThan(250);
    expect(tally.keys.size).toBeGreaterThan(5);
  });
});
