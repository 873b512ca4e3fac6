import { describe, expect, it } from "vitest";
import { scriptedRoller } from "../../../../src/core/shared/roller.js";
import { factionsEngine, type FactionsSetup } from "../../../../src/core/turn-order/factions/index.js";
import { begin, play, refused } from "./helpers.js";

// Side B drops to half its number (FAC-53): b1 (WIT 9) and b2 (WIT 14) are due a morale check at the round's end.
const setup: FactionsSetup = {
  factions: ["A", "B"],
  initiative: "A",
  combatants: [
    { id: "a1", faction: "A", wit: 10 },
    { id: "b1", faction: "B", wit: 9 },
    { id: "b2", faction: "B", wit: 14 },
    { id: "b3", faction: "B", wit: 10 },
    { id: "b4", faction: "B", wit: 10 },
  ],
};

function atMorale() {
  const run = begin(setup);
  play(
    run,
    { type: "chooseFirst", side: "A" },
    { type: "remove", combatant: "b4" },
    { type: "remove", combatant: "b3" },
    { type: "pass", side: "A" },
    { type: "pass", side: "B" },
  );
  expect(run.state.moraleDue).toEqual(["b1", "b2"]);
  return run;
}

describe("the morale check as a roll", () => {
  it(
    "FAC-55 a WIT save: a d20 at or under WIT passes and exempts the character, the die and the " +
      "target in the event",
    () => {
      const run = atMorale();
      run.roller = scriptedRoller([9]);
      const events = play(run, { type: "rollMorale", combatant: "b1" });
      expect(events[0]).toEqual({ type: "moraleRolled", round: 1, combatant: "b1", roll: 9, wit: 9, passed: true });
      expect(events[1]).toMatchObject({ type: "moraleResult", combatant: "b1", result: "pass" });
      expect(run.state.members.b1?.moraleExempt).toBe(true);
      expect(run.state.moraleDue).toEqual(["b2"]);
    },
  );

  it(
    "FAC-55 a failed save stays due with its die; only " +
      "surrender or retreat may follow, and the round then goes on",
    () => {
      const run = atMorale();
      run.roller = scriptedRoller([15]);
      const events = play(run, { type: "rollMorale", combatant: "b2" });
      expect(events).toEqual([{ type: "moraleRolled", round: 1, combatant: "b2", roll: 15, wit: 14, passed: false }]);
      expect(run.state.moraleFailed).toEqual([{ combatant: "b2", roll: 15 }]);
      expect(factionsEngine.view(run.state).moraleFailed).toEqual([{ combatant: "b2", roll: 15 }]);
      refused(run, { type: "morale", combatant: "b2", result: "pass" }, "MoraleFailed");
      refused(run, { type: "rollMorale", combatant: "b2" }, "MoraleRolled");
      const legal = factionsEngine
        .legal(run.state)
        .filter((c) => "combatant" in c && c.combatant === "b2" && c.type.includes("orale"));
      expect(legal).toEqual([
        { type: "morale", combatant: "b2", result: "surrender" },
        { type: "morale", combatant: "b2", result: "retreat" },
      ]);
      play(
        run,
        { type: "morale", combatant: "b2", result: "surrender" },
        { type: "morale", combatant: "b1", result: "pass" },
      );
      expect(run.state.moraleFailed).toEqual([]);
      expect(run.state.round).toBe(2);
    },
  );

  it("FAC-54 only a character due a check rolls one, and only in the morale phase", () => {
    const run = begin(setup);
    play(run, { type: "chooseFirst", side: "A" });
    refused(run, { type: "rollMorale", combatant: "b1" }, "NoMoraleDue");
    const due = atMorale();
    refused(due, { type: "rollMorale", combatant: "a1" }, "NoMoraleDue");
    refused(due, { type: "rollMorale", combatant: "nobody" }, "UnknownCombatant");
  });
});
