import { describe, expect, it } from "vitest";
import { teamInitiative, teamsEngine } from "../../../../src/core/turn-order/teams/index.js";
import { begin, play, refused, turn, turnsTaken, field } from "./helpers.js";

describe("teams scenarios", () => {
  it("TEAM-05 a player attacks a guard: players first, guards second, the first turn opens with the attack", () => {
    const initiative = teamInitiative("players", "guards");
    expect(initiative).toEqual(["players", "guards"]);
    const run = begin({
      initiative,
      combatants: [
        { id: "player", team: "players" },
        { id: "guard", team: "guards" },
      ],
    });
    expect(teamsEngine.view(run.state).choosing).toBe("players");
    refused(run, { type: "act", combatant: "guard" }, "NotYourTurn");
    const ev = play(
      run,
      { type: "act", combatant: "player" },
      { type: "spend", combatant: "player", action: "Attack" },
    );
    expect(ev.map((e) => e.type)).toEqual(["turnStarted", "actionSpent"]);
    expect(run.state.members.player?.attacks).toBe(1);
    play(run, { type: "endTurn", combatant: "player" });
    expect(teamsEngine.view(run.state).choosing).toBe("guards");
  });

  it("TEAM-08 Roland, the guard captain, Clementine, a guard: teams alternate until everyone has acted", () => {
    const run = begin({
      initiative: ["players", "guards"],
      combatants: [
        { id: "Roland", team: "players" },
        { id: "Clementine", team: "players" },
        { id: "captain", team: "guards" },
        { id: "guard", team: "guards" },
      ],
    });
    const ev = play(run, ...turn("Roland"), ...turn("captain"), ...turn("Clementine"), ...turn("guard"));
    expect(turnsTaken(ev)).toEqual(["Roland", "captain", "Clementine", "guard"]);
    expect(ev.filter((e) => e.type === "sideUp").map((e) => field(e, "side"))).toEqual([
      "guards",
      "players",
      "guards",
      "players",
    ]);
    expect(ev.filter((e) => e.type === "roundEnded")).toEqual([{ type: "roundEnded", round: 1 }]);
    expect(run.state.round).toBe(2);
  });

  it(
    "TEAM-11 four players against two guards: after two " + "turns each the players take their last two back-to-back",
    () => {
      const run = begin({
        initiative: ["players", "guards"],
        combatants: [
          { id: "p1", team: "players" },
          { id: "p2", team: "players" },
          { id: "p3", team: "players" },
          { id: "p4", team: "players" },
          { id: "g1", team: "guards" },
          { id: "g2", team: "guards" },
        ],
      });
      play(run, ...turn("p1"), ...turn("g1"), ...turn("p2"), ...turn("g2"));
      expect(teamsEngine.view(run.state).choosing).toBe("players");
      const ev = play(run, { type: "act", combatant: "p3" }, { type: "endTurn", combatant: "p3" });
      expect(ev.filter((e) => e.type === "sideSkipped").map((e) => field(e, "side"))).toEqual(["guards"]);
      expect(teamsEngine.view(run.state).choosing).toBe("players");
      const last = play(run, ...turn("p4"));
      expect(turnsTaken(last)).toEqual(["p4"]);
      expect(last.some((e) => e.type === "roundEnded")).toBe(true);
    },
  );

  it("TEAM-13 Roland knocked out before his turn, revived by Clementine, acts after the guards", () => {
    const run = begin({
      initiative: ["guards", "players"],
      combatants: [
        { id: "g1", team: "guards" },
        { id: "g2", team: "guards" },
        { id: "Roland", team: "players" },
        { id: "Clementine", team: "players" },
      ],
    });
    play(
      run,
      { type: "act", combatant: "g1" },
      { type: "spend", combatant: "g1", action: "Attack" },
      { type: "setAble", combatant: "Roland", able: false },
      { type: "endTurn", combatant: "g1" },
    );
    refused(run, { type: "act", combatant: "Roland" }, "CannotAct");
    play(
      run,
      { type: "act", combatant: "Clementine" },
      { type: "spend", combatant: "Clementine", action: "Resuscitate", target: "Roland" },
      { type: "setAble", combatant: "Roland", able: true },
    );
    play(run, { type: "endTurn", combatant: "Clementine" });
    expect(teamsEngine.view(run.state).choosing).toBe("guards");
    refused(run, { type: "act", combatant: "Roland" }, "NotYourTurn");
    play(run, ...turn("g2"));
    expect(teamsEngine.view(run.state).choosing).toBe("players");
    const ev = play(run, ...turn("Roland"));
    expect(turnsTaken(ev)).toEqual(["Roland"]);
    expect(ev.some((e) => e.type === "roundEnded")).toBe(true);
  });

  it(
    "TEAM-16 goblins surprise the players; Clementine cannot be surprised and defeats a goblin; " +
      "normal rounds follow",
    () => {
      const run = begin({
        initiative: ["goblins", "players"],
        surprise: ["goblins"],
        combatants: [
          { id: "gob1", team: "goblins" },
          { id: "gob2", team: "goblins" },
          { id: "gob3", team: "goblins" },
          { id: "Roland", team: "players" },
          { id: "Clementine", team: "players", cannotBeSurprised: true },
        ],
      });
      const v = teamsEngine.view(run.state);
      expect(v.phase).toBe("surprise");
      expect(v.banner).toEqual({ key: "FRAY.Banner.Surprise", data: { side: "goblins" } });
      expect(v.status.Roland).toBe("unable");
      play(run, ...turn("gob1"));
      refused(run, { type: "act", combatant: "Roland" }, "Surprised");
      play(
        run,
        { type: "act", combatant: "Clementine" },
        { type: "spend", combatant: "Clementine", action: "Attack" },
        { type: "remove", combatant: "gob2" },
        { type: "endTurn", combatant: "Clementine" },
      );
      const ev = play(run, ...turn("gob3"));
      const goblinTurns = turnsTaken(run.events).filter((id) => id.startsWith("gob"));
      expect(goblinTurns).toEqual(["gob1", "gob3"]);
      expect(ev.filter((e) => e.type === "turnLost").map((e) => field(e, "combatant"))).toEqual(["Roland"]);
      expect(ev.some((e) => e.type === "phaseEnded" && e.phase === "surprise")).toBe(true);
      expect(run.state.phase).toBe("main");
      expect(run.state.round).toBe(2);
      const round2 = play(run, ...turn("gob1"), ...turn("Roland"), ...turn("gob3"), ...turn("Clementine"));
      expect(turnsTaken(round2)).toEqual(["gob1", "Roland", "gob3", "Clementine"]);
    },
  );

  it("TEAM-34 Petra fires, seeks cover, starts a 2-action reload; her next turn's first action finishes it", () => {
    const run = begin({
      initiative: ["players", "enemies"],
      combatants: [
        { id: "Petra", team: "players" },
        { id: "foe", team: "enemies" },
      ],
    });
    play(
      run,
      { type: "act", combatant: "Petra" },
      { type: "spend", combatant: "Petra", action: "Attack" },
      { type: "spend", combatant: "Petra", action: "Seek Cover" },
    );
    const started = play(run, { type: "spend", combatant: "Petra", action: "Reload", cost: 2 });
    expect(started).toEqual([{ type: "actionSpent", combatant: "Petra", action: "Reload", detail: "started" }]);
    expect(run.state.members.Petra?.extended).toEqual({ action: "Reload", cost: 2, paid: 1, startedRound: 1 });
    expect(run.state.members.Petra?.turn?.actionsUsed).toBe(3);
    play(run, { type: "endTurn", combatant: "Petra" }, ...turn("foe"), { type: "act", combatant: "Petra" });
    refused(run, { type: "spend", combatant: "Petra", action: "Attack" }, "ExtendedActionPending");
    const done = play(run, { type: "spend", combatant: "Petra", action: "Reload" });
    expect(done).toEqual([{ type: "actionSpent", combatant: "Petra", action: "Reload", detail: "completed" }]);
    expect(run.state.members.Petra?.turn?.actionsUsed).toBe(1);
    play(run, { type: "spend", combatant: "Petra", action: "Attack" });
    expect(run.state.members.Petra?.turn?.actionsUsed).toBe(2);
  });
});
