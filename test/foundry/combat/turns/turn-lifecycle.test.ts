import { describe, expect, it } from "vitest";
import { lifecycleSteps, type TurnState } from "../../../../src/foundry/combat/turns/turn-lifecycle.js";

const at = (round: number, turn: number | null, combatantId: string | null): TurnState => ({
  round,
  turn,
  combatantId,
});

describe("Foundry's turn events for one change of a Fray fight (issue 25, divergence 2)", () => {
  it("a turn handed to a combatant anywhere in the order ends one turn and starts the other, skipping nobody", () => {
    expect(lifecycleSteps(at(1, 0, "a"), at(1, 3, "d"), 1).map((s) => s.kind)).toEqual(["endTurn", "startTurn"]);
    expect(lifecycleSteps(at(1, 3, "d"), at(1, 0, "a"), 1)).toMatchObject([
      { kind: "endTurn", combatantId: "d", round: 1, turn: 3 },
      { kind: "startTurn", combatantId: "a", round: 1, turn: 0 },
    ]);
  });

  it("between turns nobody acts: the turn ends alone, and the next starts alone", () => {
    expect(lifecycleSteps(at(1, 2, "c"), at(1, null, null), 1)).toEqual([
      { kind: "endTurn", combatantId: "c", round: 1, turn: 2 },
    ]);
    expect(lifecycleSteps(at(1, null, null), at(1, 1, "b"), 1)).toEqual([
      { kind: "startTurn", combatantId: "b", round: 1, turn: 1 },
    ]);
  });

  it(
    "a new round ends the turn, ends the round, starts the " + "round, then the turn; the first round has none to end",
    () => {
      expect(lifecycleSteps(at(1, 2, "c"), at(2, 0, "c"), 1).map((s) => s.kind)).toEqual([
        "endTurn",
        "endRound",
        "startRound",
        "startTurn",
      ]);
      expect(lifecycleSteps(at(0, null, null), at(1, null, null), 1)).toEqual([{ kind: "startRound", round: 1 }]);
    },
  );

  it(
    "the GM's undo (direction -1) and a round going back " + "fire nothing, as Foundry's previousTurn fires nothing",
    () => {
      expect(lifecycleSteps(at(1, 0, "a"), at(1, 1, "b"), -1)).toEqual([]);
      expect(lifecycleSteps(at(2, 0, "a"), at(1, 3, "d"), 1)).toEqual([]);
      expect(lifecycleSteps(at(1, 1, "b"), at(1, 1, "b"), 1)).toEqual([]);
    },
  );
});
