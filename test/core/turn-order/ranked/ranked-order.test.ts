import { describe, expect, it } from "vitest";
import { scriptedRoller, seededRoller } from "../../../../src/core/shared/roller.js";
import { rankedEngine, type RankedSetup } from "../../../../src/core/turn-order/ranked/index.js";
import { begin, party, refused, run, turn, types } from "./ranked-helpers.js";

describe("ranked turn order (escalation)", () => {
  it("ESC-01 every unit, allies and enemies in one list, acts in descending Agility modifier", () => {
    const { state, events } = begin();
    expect(state.order).toEqual(["ana", "orc", "bo", "rat"]);
    expect(types(events)).toEqual(["combatStarted", "roundStarted"]);
    const v = rankedEngine.view(state);
    // Banners name combatants by id: the tracker shows each viewer the name it may see (hidden ones masked).
    expect(v.banner).toEqual({ key: "FRAY.Banner.Up", data: { name: "ana" } });
    expect(rankedEngine.legal(state)).toContainEqual({ type: "act", combatant: "ana" });
    refused(state, { type: "act", combatant: "orc" }, "NotYourTurn", "ESC-01");
  });

  it("ESC-01 ruling: equal Agility keeps setup order by default, PCs first or a d6 roll-off by option", () => {
    const tied: RankedSetup = {
      combatants: [
        { id: "g", side: "npc", agility: 1 },
        { id: "h", side: "pc", agility: 1 },
        { id: "i", side: "npc", agility: 1 },
      ],
    };
    expect(begin(tied).state.order).toEqual(["g", "h", "i"]);
    expect(begin({ ...tied, options: { ties: "pcFirst" } }).state.order).toEqual(["h", "g", "i"]);
    const dice = scriptedRoller([2, 6, 4]);
    const rolled = rankedEngine.start({ ...tied, options: { ties: "rollOff" } }, dice);
    expect(rolled.ok && rolled.state.order).toEqual(["h", "i", "g"]);
    expect(dice.used).toBe(3);
    // A roller that runs out is refused, not thrown through.
    const short = rankedEngine.start({ ...tied, options: { ties: "rollOff" } }, scriptedRoller([2]));
    expect(!short.ok && short.key).toBe("FRAY.Refusal.RollerFailed");
  });

  it(
    "ESC-02 whoever starts the fight by attacking goes last regardless of Agility; several keep Agility " +
      "order among themselves",
    () => {
      const setup: RankedSetup = {
        combatants: [
          { id: "ana", side: "pc", agility: 4, initiator: true },
          { id: "bo", side: "pc", agility: 0 },
          { id: "orc", side: "npc", agility: 1 },
          { id: "rat", side: "npc", agility: 3, initiator: true },
        ],
      };
      const { state } = begin(setup);
      expect(state.order).toEqual(["orc", "bo", "ana", "rat"]);
      // The ranking holds in later rounds too.
      const r2 = turn(turn(turn(turn(state, "orc").state, "bo").state, "ana").state, "rat").state;
      expect(r2.round).toBe(2);
      expect(r2.order).toEqual(["orc", "bo", "ana", "rat"]);
    },
  );

  it("ESC-03 a character may delay to a later point of the round; ruling: the place reverts next round", () => {
    const { state } = begin();
    const d = run(state, { type: "delay", combatant: "ana", after: "bo" });
    expect(d.events).toEqual([{ type: "delayed", round: 1, combatant: "ana", after: "bo" }]);
    expect(d.state.order).toEqual(["orc", "bo", "ana", "rat"]);
    expect(rankedEngine.view(d.state).status.ana).toBe("delayed");
    let s = turn(d.state, "orc").state;
    s = turn(s, "bo").state;
    refused(s, { type: "delay", combatant: "ana", after: null }, "AlreadyDelayed", "ESC-03");
    s = turn(s, "ana").state;
    s = turn(s, "rat").state;
    expect(s.round).toBe(2);
    expect(s.order).toEqual(["ana", "orc", "bo", "rat"]);
  });

  it("ESC-03 ruling option delayKeepsPlace keeps the delayed place in later rounds", () => {
    const { state } = begin({ ...party, options: { delayKeepsPlace: true } });
    let s = run(state, { type: "delay", combatant: "ana", after: null }).state;
    for (const id of ["orc", "bo", "rat", "ana"]) s = turn(s, id).state;
    expect(s.round).toBe(2);
    expect(s.order).toEqual(["orc", "bo", "rat", "ana"]);
  });

  it("ESC-03 delay only to a later, still-to-act place; not after starting the turn; not when already last", () => {
    const { state } = begin();
    refused(state, { type: "delay", combatant: "ana", after: "ana" }, "DelayNotLater", "ESC-03");
    refused(state, { type: "delay", combatant: "ana", after: "ghost" }, "UnknownCombatant");
    refused(state, { type: "delay", combatant: "orc", after: "rat" }, "NotYourTurn", "ESC-01");
    const acting = run(state, { type: "act", combatant: "ana" }).state;
    refused(acting, { type: "delay", combatant: "ana", after: "rat" }, "TurnAlreadyStarted", "ESC-03");
    let s = turn(state, "ana").state;
    s = turn(s, "orc").state;
    s = turn(s, "bo").state;
    refused(s, { type: "delay", combatant: "rat", after: null }, "NothingLater", "ESC-03");
    refused(s, { type: "delay", combatant: "rat", after: "ana" }, "DelayNotLater", "ESC-03");
  });

  it("ESC-04 the round ends once every unit has taken its turn, and a new round begins", () => {
    let { state } = begin();
    for (const id of ["ana", "orc", "bo"]) {
      const t = turn(state, id);
      expect(types(t.events)).toEqual(["turnStarted", "turnEnded"]);
      state = t.state;
    }
    refused(state, { type: "act", combatant: "ana" }, "AlreadyActed", "ESC-04");
    const last = turn(state, "rat");
    expect(types(last.events)).toEqual(["turnStarted", "turnEnded", "roundEnded", "roundStarted"]);
    expect(last.events[2]).toEqual({ type: "roundEnded", round: 1 });
    expect(last.events[3]).toEqual({ type: "roundStarted", round: 2 });
    expect(rankedEngine.view(last.state).status).toEqual({ ana: "ready", orc: "ready", bo: "ready", rat: "ready" });
  });

  it("ESC-04 units that cannot act are skipped and do not hold the round open", () => {
    const { state } = begin();
    let s = run(state, { type: "setAble", combatant: "rat", able: false }).state;
    expect(rankedEngine.view(s).status.rat).toBe("unable");
    s = turn(s, "ana").state;
    s = turn(s, "orc").state;
    const t = turn(s, "bo");
    expect(types(t.events)).toContain("roundEnded");
    expect(t.state.round).toBe(2);
  });

  it("ESC-04 a unit that becomes unable mid-turn loses the rest of that turn", () => {
    const { state } = begin();
    const s = run(state, { type: "act", combatant: "ana" });
    expect(rankedEngine.view(s.state).banner).toEqual({ key: "FRAY.Banner.Turn", data: { name: "ana" } });
    const t = run(s.state, { type: "setAble", combatant: "ana", able: false });
    expect(types(t.events)).toEqual(["ableChanged", "turnEnded"]);
    expect(t.state.acting).toBeNull();
    expect(rankedEngine.view(t.state).banner).toEqual({ key: "FRAY.Banner.Up", data: { name: "orc" } });
  });

  it("ESC-63 the battle ends when every unit of one team is defeated, has fled or lost the will to fight", () => {
    const { state } = begin();
    const s = run(state, { type: "remove", combatant: "orc", reason: "defeated" }).state;
    expect(s.ended).toBe(false);
    const end = run(s, { type: "remove", combatant: "rat", reason: "fled" });
    expect(types(end.events)).toEqual(["removed", "combatEnded"]);
    expect(end.state.ended).toBe(true);
    expect(rankedEngine.view(end.state).phase).toBe("ended");
    expect(rankedEngine.legal(end.state)).toEqual([]);
    refused(end.state, { type: "act", combatant: "ana" }, "CombatOver", "ESC-63");
  });

  it("ESC-63 the GM may declare the end; ESC-64 victorious units still in the battle have their MP restored", () => {
    const { state } = begin();
    const s = run(
      state,
      { type: "remove", combatant: "bo", reason: "unwilling" },
      { type: "act", combatant: "ana" },
    ).state;
    const end = run(s, { type: "declareEnd", outcome: "victory", victors: ["pc"] });
    expect(end.events).toEqual([
      { type: "turnEnded", round: 1, combatant: "ana" },
      { type: "combatEnded", reason: "victory", victors: ["pc"], steps: [{ type: "restoreMp", combatants: ["ana"] }] },
    ]);
    refused(state, { type: "declareEnd", outcome: "victory", victors: ["elves"] }, "UnknownSide");
  });

  it("ESC-64 a side wiped out leaves the other side victorious with MP restored", () => {
    const { state } = begin();
    const end = run(state, { type: "remove", combatant: "ana" }, { type: "remove", combatant: "bo" });
    const ended = end.events.find((e) => e.type === "combatEnded");
    expect(ended).toEqual({
      type: "combatEnded",
      reason: "sideDefeated",
      victors: ["npc"],
      steps: [{ type: "restoreMp", combatants: ["orc", "rat"] }],
    });
  });

  it("ESC-63 ruling: with three sides the fight goes on until one side is left (option endWhen)", () => {
    const three: RankedSetup = {
      combatants: [
        { id: "a", side: "pc", agility: 0 },
        { id: "b", side: "npc", agility: 0 },
        { id: "c", side: "beasts", agility: 0 },
      ],
    };
    expect(run(begin(three).state, { type: "remove", combatant: "c" }).state.ended).toBe(false);
    const strict = begin({ ...three, options: { endWhen: "anySideDown" } }).state;
    expect(run(strict, { type: "remove", combatant: "c" }).state.ended).toBe(true);
  });

  it("refuses bad setups instead of throwing", () => {
    const bad: unknown[] = [
      null,
      {},
      { combatants: [{ id: "x", side: "pc", agility: 1.5 }] },
      { combatants: [{ id: "x", side: "pc", agility: 0 }] },
      {
        combatants: [
          { id: "x", side: "pc", agility: 0 },
          { id: "x", side: "npc", agility: 0 },
        ],
      },
      { ...party, options: { ties: "coin" } },
    ];
    for (const s of bad) expect(rankedEngine.start(s as RankedSetup, seededRoller(1)).ok).toBe(false);
  });
});
