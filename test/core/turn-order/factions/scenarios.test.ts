import { describe, expect, it } from "vitest";
import { factionsEngine, type FactionsSetup } from "../../../../src/core/turn-order/factions/index.js";
import { begin, play, refused, turnsTaken } from "./helpers.js";

const bandits: FactionsSetup = {
  factions: ["Players", "Bandits"],
  initiative: "Players",
  combatants: [
    { id: "Balthasar", faction: "Players", wit: 12 },
    { id: "Sybilla", faction: "Players", wit: 6 },
    { id: "Theobald", faction: "Players", wit: 9 },
    { id: "leader", faction: "Bandits", wit: 10 },
    { id: "bandit1", faction: "Bandits", wit: 8 },
    { id: "bandit2", faction: "Bandits", wit: 8 },
  ],
  options: { fastSlow: true },
};

describe("factions scenarios", () => {
  it(
    "FAC-68 FAC-15 with FAT 9 Theobald then the bandit leader act in the fast phase, a bandit dodges, the Players " +
      "pass with Balthasar",
    () => {
      const run = begin(bandits, [9]);
      expect(run.state.fat).toBe(9);
      const v = factionsEngine.view(run.state);
      expect(v.phase).toBe("fast");
      expect(v.banner).toEqual({ key: "FRAY.Banner.InitiativeChooses", data: { side: "Players" } });
      expect(v.status).toMatchObject({
        Balthasar: "ready",
        Theobald: "ready",
        leader: "ready",
        Sybilla: "delayed",
        bandit1: "delayed",
        bandit2: "delayed",
      });
      play(run, { type: "chooseFirst", side: "Players" });
      expect(factionsEngine.view(run.state).banner).toEqual({
        key: "FRAY.Banner.FastPhase",
        data: { threshold: 9, side: "Players" },
      });
      refused(run, { type: "act", combatant: "Sybilla" }, "TooSlow");
      play(run, { type: "act", combatant: "Theobald" }, { type: "spend", combatant: "Theobald", action: "Attack" });
      const dodge = play(run, { type: "react", combatant: "bandit1", trigger: "Dodge" });
      expect(dodge).toEqual([{ type: "reacted", round: 1, combatant: "bandit1", trigger: "Dodge", turnSpent: true }]);
      play(run, { type: "endTurn", combatant: "Theobald" });
      expect(run.state.up).toBe("Bandits");
      play(run, { type: "act", combatant: "leader" }, { type: "endTurn", combatant: "leader" });
      expect(run.state.up).toBe("Players");
      const passed = play(run, { type: "pass", side: "Players" });
      expect(passed.filter((e) => e.type === "passed")).toEqual([
        { type: "passed", round: 1, side: "Players" },
        { type: "passed", round: 1, side: "Bandits", auto: true },
      ]);
      expect(passed.filter((e) => e.type === "phaseEnded" || e.type === "phaseStarted")).toEqual([
        { type: "phaseEnded", round: 1, phase: "fast" },
        { type: "phaseStarted", round: 1, phase: "slow" },
      ]);
      expect(turnsTaken(run.events)).toEqual(["Theobald", "leader"]);
      // FAC-15: the bandit that dodged has used its turn and cannot act in the slow phase
      expect(factionsEngine.view(run.state).status.bandit1).toBe("acted");
    },
  );

  it(
    "FAC-69 in the slow phase Balthasar, Sybilla and the bandit that did not dodge act: Sybilla, the " +
      "bandit, then Balthasar",
    () => {
      const run = begin(bandits, [9, 4]);
      play(
        run,
        { type: "chooseFirst", side: "Players" },
        { type: "act", combatant: "Theobald" },
        { type: "react", combatant: "bandit1", trigger: "Dodge" },
      );
      play(
        run,
        { type: "endTurn", combatant: "Theobald" },
        { type: "act", combatant: "leader" },
        { type: "endTurn", combatant: "leader" },
        { type: "pass", side: "Players" },
      );
      expect(run.state.phase).toBe("slow");
      const ready = Object.entries(factionsEngine.view(run.state).status)
        .filter(([, s]) => s === "ready")
        .map(([id]) => id)
        .sort();
      expect(ready).toEqual(["Balthasar", "Sybilla", "bandit2"]);
      refused(run, { type: "act", combatant: "bandit1" }, "ChooseFirstFaction");
      play(run, { type: "chooseFirst", side: "Players" });
      refused(run, { type: "act", combatant: "bandit1" }, "AlreadyActed");
      const slow = play(
        run,
        { type: "act", combatant: "Sybilla" },
        { type: "endTurn", combatant: "Sybilla" },
        { type: "act", combatant: "bandit2" },
        { type: "endTurn", combatant: "bandit2" },
        { type: "act", combatant: "Balthasar" },
        { type: "endTurn", combatant: "Balthasar" },
      );
      expect(turnsTaken(slow)).toEqual(["Sybilla", "bandit2", "Balthasar"]);
      expect(slow.filter((e) => e.type === "roundEnded")).toEqual([{ type: "roundEnded", round: 1 }]);
      expect(run.state.round).toBe(2);
      expect(run.state.fat).toBe(4);
    },
  );
});
