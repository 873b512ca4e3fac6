import { describe, expect, it } from "vitest";
import { sectionsEngine, type SectionsSetup } from "../../../../src/core/turn-order/sections/index.js";
import { playJunk } from "../junk-commands.js";
import { fuzzCount } from "../../../fuzz-size.js";

const COMMANDS = fuzzCount(1000);

const setup: SectionsSetup = {
  combatants: [
    { id: "ann", side: "players", name: "Ann" },
    { id: "bo", side: "players" },
    { id: "orc", side: "enemies", name: "Orc" },
    { id: "imp", side: "enemies", able: false },
    { id: "wolf", side: "beasts" },
  ],
  options: { order: "sides", grantedMoveWindow: "drawToDiscard" },
};

describe("sections engine: junk commands", () => {
  it(`refuses every junk payload with a typed refusal and never throws, over ${COMMANDS} seeded commands`, () => {
    const tally = playJunk({
      engine: sectionsEngine,
      setup,
      types: [
        "act",
        "draw",
        "spend",
        "move",
        "discard",
        "lowerBlock",
        "blockAtDistance",
        "endDistanceBlock",
        "endTurn",
        "setAble",
        "remove",
        "declareEnd",
        "endCombat",
      ],
      fields: [
        "combatant",
        "phase",
        "action",
        "detail",
        "kind",
        "source",
        "able",
        "outcome",
        "victors",
        "border",
        "from",
        "reason",
      ],
      names: [
        "ann",
        "bo",
        "orc",
        "imp",
        "wolf",
        "players",
        "enemies",
        "beasts",
        "strategy",
        "action",
        "block",
        "innate",
        "granted",
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
