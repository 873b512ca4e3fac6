import { describe, expect, it } from "vitest";
import { scriptedRoller, seededRoller } from "../../../../src/core/shared/roller.js";
import { initiativeOrder, rolledEngine, type RolledSetup } from "../../../../src/core/turn-order/rolled/index.js";
import { begin, member, pastRoundZero, refused, run, trio, trioDice, turn, types } from "./rolled-helpers.js";

describe("rolled turn order (strain)", () => {
  it("STR-01 combat runs Initiative, Round Zero, then Rounds 1 and later, then End of Combat", () => {
    const { state, events } = begin();
    expect(types(events)).toEqual([
      "combatStarted",
      "initiativeRolled",
      "initiativeRolled",
      "initiativeRolled",
      "roundStarted",
    ]);
    expect(events[4]).toEqual({ type: "roundStarted", round: 0 });
    expect(rolledEngine.view(state).phase).toBe("roundZero");
    const r1 = pastRoundZero(state);
    expect(r1.round).toBe(1);
    expect(rolledEngine.view(r1).phase).toBe("main");
    const end = run(r1, { type: "endCombat" });
    expect(rolledEngine.view(end.state).phase).toBe("ended");
  });

  it("STR-55 a setup's Loads and Tolerances are whole numbers >= 0 or left out; the first bad one is named", () => {
    const keys = ["stressLoad", "stressTolerance", "fatigueLoad", "fatigueTolerance"] as const;
    const withLoads = (loads: Record<string, unknown>): RolledSetup => ({
      combatants: trio.combatants.map((c, i) => (i === 1 ? { ...c, ...loads } : c)),
    });
    expect(rolledEngine.start(withLoads({ stressLoad: 2, fatigueTolerance: 0 }), scriptedRoller(trioDice)).ok).toBe(
      true,
    );
    for (const [k, key] of keys.entries()) {
      for (const bad of [-1, 1.5, "2", null]) {
        // Every later key bad too: the refusal names the first in the engine's order.
        const loads = Object.fromEntries(keys.slice(k).map((x) => [x, bad]));
        const o = rolledEngine.start(withLoads(loads), scriptedRoller(trioDice));
        expect(!o.ok && [o.key, o.reason]).toEqual([
          "FRAY.Refusal.MalformedSetup",
          `${key} of alice must be a whole number >= 0`,
        ]);
      }
    }
  });

  it("STR-02 everyone rolls initiative once, 2d6 + Initiative modifier, through the Roller", () => {
    const dice = scriptedRoller([6, 5, 4, 3, 2, 2]);
    const o = rolledEngine.start(trio, dice);
    expect(dice.used).toBe(6);
    expect(o.ok && o.events[1]).toMatchObject({
      type: "initiativeRolled",
      combatant: "bob",
      total: 12,
      roll: { formula: "2d6+1", modifier: 1 },
    });
    expect(o.ok && initiativeOrder(o.state)).toEqual(["bob", "alice", "gob"]);
    // Once: later rounds roll nothing (a scripted roller with no dice left would throw).
    if (!o.ok) throw new Error(`start refused: ${o.reason}`);
    let s = pastRoundZero(o.state);
    for (const id of ["bob", "alice", "gob"]) s = turn(s, id).state;
    expect(s.round).toBe(2);
    expect(member(s, "bob")?.initiative.total).toBe(12);
    const short = rolledEngine.start(trio, scriptedRoller([6, 5, 4]));
    expect(!short.ok && short.key).toBe("FRAY.Refusal.RollerFailed");
  });

  it("STR-02 ruling: equal totals go to the higher modifier, then setup order; other tie options", () => {
    const tied: RolledSetup = {
      combatants: [
        { id: "a", side: "npc", initiative: 0 },
        { id: "b", side: "pc", initiative: 2 },
        { id: "c", side: "pc", initiative: 0 },
      ],
    };
    // a = 4+4 = 8, b = 3+3+2 = 8, c = 5+3 = 8
    const dice = [4, 4, 3, 3, 5, 3];
    expect(initiativeOrder(begin(tied, dice).state)).toEqual(["b", "a", "c"]);
    expect(initiativeOrder(begin({ ...tied, options: { ties: "listed" } }, dice).state)).toEqual(["a", "b", "c"]);
    expect(initiativeOrder(begin({ ...tied, options: { ties: "pcFirst" } }, dice).state)).toEqual(["b", "c", "a"]);
    expect(initiativeOrder(begin({ ...tied, options: { ties: "rollOff" } }, [...dice, 1, 2, 6]).state)).toEqual([
      "c",
      "b",
      "a",
    ]);
  });

  it("STR-03 one turn each per round in descending initiative; the order stays the same round after round", () => {
    let s = pastRoundZero(begin().state);
    refused(s, { type: "act", combatant: "alice" }, "NotYourTurn", "STR-03");
    // Banners name combatants by id: the tracker shows each viewer the name it may see (hidden ones masked).
    expect(rolledEngine.view(run(s, { type: "act", combatant: "bob" }).state).banner).toEqual({
      key: "FRAY.Banner.Turn",
      data: { name: "bob" },
    });
    for (let round = 1; round <= 3; round++) {
      expect(s.round).toBe(round);
      for (const id of ["bob", "alice", "gob"]) {
        const t = turn(s, id);
        expect(t.events.slice(0, 2)).toEqual([
          { type: "turnStarted", round, combatant: id },
          { type: "turnEnded", round, combatant: id },
        ]);
        if (id === "bob") refused(t.state, { type: "act", combatant: "bob" }, "AlreadyActed", "STR-03");
        s = t.state;
      }
    }
    expect(initiativeOrder(s)).toEqual(["bob", "alice", "gob"]);
  });

  it("STR-04 rounds repeat until every PC is incapacitated or out", () => {
    const s = pastRoundZero(begin().state);
    const a = run(s, { type: "setAble", combatant: "bob", able: false });
    expect(a.state.ended).toBe(false);
    const b = run(a.state, { type: "remove", combatant: "alice" });
    const ended = b.events.find((e) => e.type === "combatEnded");
    expect(ended).toMatchObject({ reason: "sideDown", victors: ["npc"] });
    refused(b.state, { type: "act", combatant: "gob" }, "CombatOver", "STR-04");
  });

  it("STR-04 rounds repeat until every NPC is incapacitated or out", () => {
    const s = run(pastRoundZero(begin().state), { type: "act", combatant: "bob" }).state;
    const b = run(s, { type: "setAble", combatant: "gob", able: false });
    expect(b.state.ended).toBe(true);
    expect(types(b.events)).toEqual(["ableChanged", "turnEnded", "combatEnded"]);
    expect(b.events[2]).toMatchObject({ victors: ["pc"] });
  });

  it("STR-04 the GM may declare a Win or Defeat Condition met", () => {
    const s = pastRoundZero(begin().state);
    const d = run(s, { type: "declareEnd", outcome: "defeat", victors: ["npc"] });
    expect(d.events[0]).toMatchObject({ type: "combatEnded", reason: "defeat", victors: ["npc"] });
    refused(s, { type: "declareEnd", outcome: "win", victors: ["dragons"] }, "UnknownSide");
  });

  it("STR-05 End of Combat: incapacitated PCs recover, loads reset to 0, tolerances recorded", () => {
    let s = pastRoundZero(begin().state);
    s = run(
      s,
      { type: "setLoads", combatant: "alice", fatigueLoad: 4, fatigueTolerance: 2 },
      { type: "setAble", combatant: "alice", able: false },
    ).state;
    const end = run(s, { type: "declareEnd", outcome: "win", victors: ["pc"] });
    expect(end.events).toEqual([
      {
        type: "combatEnded",
        reason: "win",
        victors: ["pc"],
        steps: [
          { type: "recover", combatants: ["alice"] },
          { type: "resetLoads", combatants: ["bob", "alice", "gob"] },
          { type: "recordTolerances", combatants: ["bob", "alice", "gob"] },
        ],
      },
    ]);
  });

  it(
    "STR-66 ruling: an incapacitated PC whose Fatigue Tolerance is 0 does not return to action (option " +
      "recoverAtZeroTolerance)",
    () => {
      const down = (setup: RolledSetup) => {
        let s = pastRoundZero(begin(setup).state);
        s = run(
          s,
          { type: "setLoads", combatant: "alice", fatigueTolerance: 0 },
          { type: "setAble", combatant: "alice", able: false },
        ).state;
        return run(s, { type: "endCombat" }).events[0];
      };
      expect(down(trio)).toMatchObject({
        steps: [
          { type: "recover", combatants: [] },
          { type: "resetLoads" },
          { type: "recordTolerances" },
          { type: "staysIncapacitated", combatants: ["alice"] },
        ],
      });
      expect(down({ ...trio, options: { recoverAtZeroTolerance: true } })).toMatchObject({
        steps: [{ type: "recover", combatants: ["alice"] }, {}, {}],
      });
    },
  );

  it("STR-06 a delay moves the character's place for the rest of the combat", () => {
    let s = pastRoundZero(begin().state);
    const d = run(s, { type: "delay", combatant: "bob", after: "gob" });
    expect(d.events).toEqual([{ type: "delayed", round: 1, combatant: "bob", after: "gob" }]);
    s = d.state;
    expect(initiativeOrder(s)).toEqual(["alice", "gob", "bob"]);
    for (const id of ["alice", "gob", "bob"]) s = turn(s, id).state;
    expect(s.round).toBe(2);
    expect(initiativeOrder(s)).toEqual(["alice", "gob", "bob"]);
    refused(s, { type: "act", combatant: "bob" }, "NotYourTurn", "STR-03");
    expect(rolledEngine.view(s).banner).toEqual({ key: "FRAY.Banner.Up", data: { name: "alice" } });
  });

  it("STR-06 only to a later point of the order, and before the turn starts", () => {
    const s = pastRoundZero(begin().state);
    refused(s, { type: "delay", combatant: "bob", after: "bob" }, "DelayNotLater", "STR-06");
    refused(s, { type: "delay", combatant: "alice", after: "gob" }, "NotYourTurn", "STR-03");
    refused(s, { type: "delay", combatant: "bob", after: "nobody" }, "UnknownCombatant");
    refused(
      run(s, { type: "act", combatant: "bob" }).state,
      { type: "delay", combatant: "bob", after: null },
      "TurnAlreadyStarted",
      "STR-06",
    );
    const last = turn(turn(s, "bob").state, "alice").state;
    refused(last, { type: "delay", combatant: "gob", after: null }, "NothingLater", "STR-06");
  });

  it("STR-07 a character may delay only once per round; ruling: per character, a global limit by option", () => {
    const s = pastRoundZero(begin().state);
    const d = run(
      s,
      { type: "delay", combatant: "bob", after: "alice" },
      { type: "act", combatant: "alice" },
      { type: "endTurn", combatant: "alice" },
    ).state;
    refused(d, { type: "delay", combatant: "bob", after: null }, "AlreadyDelayed", "STR-07");
    // Next round Bob may delay again.
    let n = turn(turn(d, "bob").state, "gob").state;
    expect(n.round).toBe(2);
    n = run(n, { type: "delay", combatant: "alice", after: null }).state;
    expect(initiativeOrder(n)).toEqual(["bob", "gob", "alice"]);
    const g = pastRoundZero(begin({ ...trio, options: { delayLimit: "perRound" } }).state);
    const g1 = run(g, { type: "delay", combatant: "bob", after: "alice" }).state;
    refused(g1, { type: "delay", combatant: "alice", after: "bob" }, "RoundDelayUsed", "STR-07");
  });

  it("STR-08 (example) Bob delays until after Alice, Alice delays until after Bob, then Bob must act", () => {
    let s = pastRoundZero(begin().state);
    expect(initiativeOrder(s)).toEqual(["bob", "alice", "gob"]);
    s = run(s, { type: "delay", combatant: "bob", after: "alice" }).state;
    expect(initiativeOrder(s)).toEqual(["alice", "bob", "gob"]);
    s = run(s, { type: "delay", combatant: "alice", after: "bob" }).state;
    expect(initiativeOrder(s)).toEqual(["bob", "alice", "gob"]);
    refused(s, { type: "delay", combatant: "bob", after: "alice" }, "AlreadyDelayed", "STR-07");
    refused(s, { type: "delay", combatant: "bob", after: null }, "AlreadyDelayed", "STR-07");
    expect(rolledEngine.legal(s).filter((c) => c.type === "act" || c.type === "delay")).toEqual([
      { type: "act", combatant: "bob" },
    ]);
    const t = turn(s, "bob");
    expect(t.events[0]).toEqual({ type: "turnStarted", round: 1, combatant: "bob" });
  });

  it("STR-09 in Round Zero characters take no actions; on their turn they pick a starting square and a Stance", () => {
    const setup: RolledSetup = {
      ...trio,
      startingAreas: {
        pc: [
          { x: 0, y: 0 },
          { x: 1, y: 0 },
        ],
      },
    };
    const { state } = begin(setup);
    expect(rolledEngine.view(state).banner).toEqual({ key: "FRAY.Banner.RoundZero", data: { name: "bob" } });
    refused(
      state,
      { type: "position", combatant: "bob", square: { x: 1, y: 0 }, stance: "Guard" },
      "NotYourTurn",
      "STR-09",
    );
    const s = run(state, { type: "act", combatant: "bob" }).state;
    refused(s, { type: "spend", combatant: "bob", action: "action" }, "RoundZeroNoActions", "STR-09");
    refused(s, { type: "spend", combatant: "bob", action: "move", squares: 1 }, "RoundZeroNoActions", "STR-09");
    refused(
      s,
      { type: "position", combatant: "bob", square: { x: 5, y: 5 }, stance: "Guard" },
      "OutsideStartingArea",
      "STR-09",
    );
    const p = run(s, { type: "position", combatant: "bob", square: { x: 1, y: 0 }, stance: "Guard" });
    expect(p.events).toEqual([{ type: "positioned", combatant: "bob", square: { x: 1, y: 0 }, stance: "Guard" }]);
    expect(member(p.state, "bob")?.square).toEqual({ x: 1, y: 0 });
    expect(member(p.state, "bob")?.stance).toBe("Guard");
    // The GM's NPC has no Starting Area and may stand anywhere.
    let r = run(p.state, { type: "endTurn", combatant: "bob" }).state;
    r = turn(r, "alice").state;
    r = run(
      r,
      { type: "act", combatant: "gob" },
      { type: "position", combatant: "gob", square: { x: 9, y: 9 } },
      { type: "endTurn", combatant: "gob" },
    ).state;
    expect(r.round).toBe(1);
    refused(
      run(r, { type: "act", combatant: "bob" }).state,
      { type: "position", combatant: "bob", square: { x: 0, y: 0 } },
      "NotRoundZero",
      "STR-09",
    );
  });

  it("STR-09 ruling option roundZero: pcsOnly leaves NPCs out of Round Zero", () => {
    const { state } = begin({ ...trio, options: { roundZero: "pcsOnly" } });
    expect(rolledEngine.view(state).status.gob).toBe("acted");
    const s = turn(turn(state, "bob").state, "alice");
    expect(s.state.round).toBe(1);
    expect(types(s.events)).toContain("roundEnded");
  });

  it(
    "STR-09 Round Zero ends when its last character is removed before taking its turn, so the " +
      "fight goes on to Round 1",
    () => {
      const { state } = begin({ ...trio, options: { roundZero: "pcsOnly" } });
      const s = run(turn(state, "bob").state, { type: "remove", combatant: "alice" });
      expect(s.state.round).toBe(1);
      expect(types(s.events)).toContain("roundEnded");
      // And when no one at all took a Round Zero turn: the party is removed before acting, and two sides fight on.
      const three = begin(
        {
          ...trio,
          combatants: [...trio.combatants, { id: "wolf", name: "Wolf", side: "beasts", initiative: 0 }],
          options: { roundZero: "pcsOnly" },
        },
        [...trioDice, 1, 1],
      ).state;
      const none = run(three, { type: "remove", combatant: "bob" }, { type: "remove", combatant: "alice" });
      expect(none.state.ended).toBe(false);
      expect(none.state.round).toBe(1);
    },
  );

  it("STR-39 outside its own turn a character cannot spend anything (defending is handled elsewhere)", () => {
    const s = run(pastRoundZero(begin().state), { type: "act", combatant: "bob" }).state;
    refused(s, { type: "spend", combatant: "alice", action: "action" }, "NotYourTurn", "STR-39");
    refused(s, { type: "spend", combatant: "gob", action: "stance", stance: "Guard" }, "NotYourTurn", "STR-39");
  });

  it("refuses bad setups instead of throwing", () => {
    const bad: unknown[] = [
      null,
      {},
      { combatants: [{ id: "x", side: "pc", initiative: "2" }] },
      { combatants: [{ id: "x", side: "pc", initiative: 0 }] },
      { ...trio, options: { delayLimit: "never" } },
      { ...trio, startingAreas: { pc: [{ x: 0 }] } },
      { combatants: [...trio.combatants, { id: "bob", side: "npc", initiative: 0 }] },
    ];
    for (const s of bad) expect(rolledEngine.start(s as RolledSetup, seededRoller(1)).ok).toBe(false);
  });
});
