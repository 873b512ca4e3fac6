import { describe, expect, it } from "vitest";
import { teamsEngine } from "../../../../src/core/turn-order/teams/index.js";
import { factionsEngine } from "../../../../src/core/turn-order/factions/index.js";
import { begin, play, turn } from "./helpers.js";
import { begin as beginF, play as playF } from "../factions/helpers.js";

describe("tracker views", () => {
  it("TEAM-07 the teams view alternates waiting members from the team up, with status and remaining per team", () => {
    const run = begin({
      initiative: ["a", "b"],
      combatants: [
        { id: "a1", team: "a" },
        { id: "a2", team: "a" },
        { id: "b1", team: "b" },
        { id: "b2", team: "b" },
      ],
    });
    play(run, ...turn("a1"));
    const v = teamsEngine.view(run.state);
    expect(v.choosing).toBe("b");
    expect(v.order).toEqual(["b1", "a2", "b2", "a1"]);
    expect(v.status).toEqual({ a1: "acted", a2: "ready", b1: "ready", b2: "ready" });
    expect(v.sides).toEqual({ a: { remaining: 1, passed: false }, b: { remaining: 2, passed: false } });
    play(run, { type: "act", combatant: "b2" }, { type: "setAble", combatant: "a2", able: false });
    const w = teamsEngine.view(run.state);
    expect(w.acting).toBe("b2");
    expect(w.order[0]).toBe("b2");
    expect(w.banner).toEqual({ key: "FRAY.Banner.Turn", data: { name: "b2" } });
    expect(w.status.a2).toBe("unable");
  });

  it("FAC-66 the factions view shows the FAT, who waits for the slow phase, and the initiative holder choosing", () => {
    const run = beginF(
      {
        factions: ["P", "E"],
        initiative: "E",
        options: { fastSlow: true },
        combatants: [
          { id: "p", faction: "P", wit: 12 },
          { id: "e", faction: "E", wit: 3 },
          { id: "e2", faction: "E", wit: 15 },
        ],
      },
      [10],
    );
    const v = factionsEngine.view(run.state);
    expect(v.fat).toBe(10);
    expect(v.choosing).toBe("E");
    expect(v.banner).toEqual({ key: "FRAY.Banner.InitiativeChooses", data: { side: "E" } });
    expect(v.status).toEqual({ p: "ready", e: "delayed", e2: "ready" });
    playF(run, { type: "chooseFirst", side: "P" });
    const w = factionsEngine.view(run.state);
    expect(w.banner).toEqual({ key: "FRAY.Banner.FastPhase", data: { threshold: 10, side: "P" } });
    expect(w.sides).toEqual({ P: { remaining: 1, passed: false }, E: { remaining: 1, passed: false } });
    playF(run, { type: "pass", side: "P" });
    expect(factionsEngine.view(run.state).sides.P).toEqual({ remaining: 1, passed: true });
  });
});
