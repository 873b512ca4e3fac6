import { describe, expect, it } from "vitest";
import { seededRoller } from "../../../../src/core/shared/roller.js";
import { teamInitiative, teamsEngine, type TeamsSetup } from "../../../../src/core/turn-order/teams/index.js";
import { begin, play, refused, turn, turnsTaken, field } from "./helpers.js";

const duel = (extra: Partial<TeamsSetup> = {}): TeamsSetup => ({
  initiative: ["a", "b"],
  combatants: [
    { id: "a1", team: "a", stamina: 3, focus: 4 },
    { id: "a2", team: "a", stamina: 1, focus: 1 },
    { id: "b1", team: "b", stamina: 2, focus: 2 },
  ],
  ...extra,
});

describe("teams turn order", () => {
  it("TEAM-01 combat ends when only one team remains", () => {
    const run = begin(duel());
    const ev = play(run, { type: "remove", combatant: "b1" });
    expect(ev.filter((e) => e.type === "combatEnded")).toEqual([
      { type: "combatEnded", reason: "lastTeam", victors: ["a"], steps: [] },
    ]);
    expect(teamsEngine.view(run.state).ended).toBe(true);
    expect(teamsEngine.legal(run.state)).toEqual([]);
    refused(run, { type: "act", combatant: "a1" }, "CombatOver");
  });

  it("TEAM-01 the GM declares an objective completed and names the victors", () => {
    const run = begin(duel());
    const ev = play(run, { type: "declareEnd", outcome: "objective", victors: ["b"] });
    expect(ev).toEqual([{ type: "combatEnded", reason: "objective", victors: ["b"], steps: [] }]);
    refused(begin(duel()), { type: "declareEnd", outcome: "objective", victors: ["nobody"] }, "UnknownSide");
  });

  it("TEAM-02 the GM may change a team's objective between turns", () => {
    const run = begin(duel({ objectives: { a: "hold the gate" } }));
    expect(run.state.objectives).toEqual({ a: "hold the gate", b: "" });
    play(run, ...turn("a1"));
    const ev = play(run, { type: "setObjective", side: "b", objective: "flee" });
    expect(ev).toEqual([{ type: "objectiveChanged", round: 1, side: "b", objective: "flee" }]);
    play(run, { type: "act", combatant: "b1" });
    refused(run, { type: "setObjective", side: "a", objective: "flee" }, "TurnInProgress");
    refused(run, { type: "setObjective", side: "z", objective: "x" }, "UnknownSide");
  });

  it("TEAM-03 TEAM-04 the starter's team, then the attacked team, then the GM's order", () => {
    expect(teamInitiative("c", "a", ["b", "a"])).toEqual(["c", "a", "b"]);
    const run = begin({
      initiative: ["c", "a", "b"],
      combatants: [
        { id: "a1", team: "a" },
        { id: "b1", team: "b" },
        { id: "c1", team: "c" },
      ],
    });
    const ev = play(run, ...turn("c1"), ...turn("a1"), ...turn("b1"));
    expect(turnsTaken(ev)).toEqual(["c1", "a1", "b1"]);
    const bad = teamsEngine.start({ initiative: ["a", "a"], combatants: [] }, seededRoller(1));
    expect(!bad.ok && bad.key).toBe("FRAY.Refusal.MalformedSetup");
  });

  it("TEAM-06 each participant gets exactly one turn per round", () => {
    const run = begin(duel());
    play(run, ...turn("a1"), ...turn("b1"));
    refused(run, { type: "act", combatant: "a1" }, "AlreadyActed");
    play(run, ...turn("a2"));
    expect(run.state.round).toBe(2);
  });

  it("TEAM-07 the active team picks a member who has not acted, then play passes to the next team", () => {
    const run = begin(duel());
    refused(run, { type: "act", combatant: "b1" }, "NotYourTurn");
    play(run, { type: "act", combatant: "a2" });
    refused(run, { type: "act", combatant: "a1" }, "TurnInProgress");
    refused(run, { type: "endTurn", combatant: "a1" }, "NotYourTurn");
    play(run, { type: "endTurn", combatant: "a2" });
    expect(teamsEngine.view(run.state).banner).toEqual({ key: "FRAY.Banner.SideChooses", data: { side: "b" } });
  });

  it("TEAM-09 a team may order its members differently each round", () => {
    const run = begin(duel());
    const r1 = play(run, ...turn("a1"), ...turn("b1"), ...turn("a2"));
    const r2 = play(run, ...turn("a2"), ...turn("b1"), ...turn("a1"));
    expect(turnsTaken(r1)).toEqual(["a1", "b1", "a2"]);
    expect(turnsTaken(r2)).toEqual(["a2", "b1", "a1"]);
  });

  it("TEAM-10 a team with nobody left is skipped and the others go on back-to-back", () => {
    const run = begin({
      initiative: ["a", "b", "c"],
      combatants: [
        { id: "a1", team: "a" },
        { id: "a2", team: "a" },
        { id: "b1", team: "b" },
        { id: "c1", team: "c" },
        { id: "c2", team: "c" },
      ],
    });
    play(run, ...turn("a1"), ...turn("b1"), ...turn("c1"));
    const ev = play(run, ...turn("a2"));
    expect(ev.filter((e) => e.type === "sideSkipped").map((e) => field(e, "side"))).toEqual(["b"]);
    expect(run.state.up).toBe("c");
    expect(teamsEngine.view(run.state).sides).toEqual({
      a: { remaining: 0, passed: true },
      b: { remaining: 0, passed: true },
      c: { remaining: 1, passed: false },
    });
  });

  it("TEAM-12 a character knocked out during its turn loses the rest of it", () => {
    const run = begin(duel());
    const ev = play(run, { type: "act", combatant: "a1" }, { type: "setAble", combatant: "a1", able: false });
    expect(ev.filter((e) => e.type === "turnLost" || e.type === "turnEnded")).toEqual([
      { type: "turnLost", round: 1, combatant: "a1", reason: "unable" },
      { type: "turnEnded", round: 1, combatant: "a1" },
    ]);
    expect(run.state.up).toBe("b");
  });

  it("TEAM-12 a character still unable at the end of the round loses that turn and acts next round once able", () => {
    const run = begin(duel());
    play(run, { type: "setAble", combatant: "a2", able: false });
    const ev = play(run, ...turn("a1"), ...turn("b1"));
    expect(ev.filter((e) => e.type === "turnLost").map((e) => field(e, "combatant"))).toEqual(["a2"]);
    expect(run.state.round).toBe(2);
    refused(run, { type: "act", combatant: "a2" }, "CannotAct");
    play(run, { type: "setAble", combatant: "a2", able: true }, ...turn("a2"));
    expect(turnsTaken(run.events).slice(-1)).toEqual(["a2"]);
  });

  it("TEAM-12 a team whose only member revives after being skipped gets its turn back", () => {
    const run = begin(
      duel({
        combatants: [
          { id: "a1", team: "a" },
          { id: "b1", team: "b" },
          { id: "b2", team: "b" },
        ],
      }),
    );
    play(
      run,
      { type: "act", combatant: "a1" },
      { type: "setAble", combatant: "b1", able: false },
      { type: "endTurn", combatant: "a1" },
    );
    play(run, ...turn("b2"));
    expect(run.state.round).toBe(2);
    play(
      run,
      { type: "act", combatant: "a1" },
      { type: "setAble", combatant: "b1", able: true },
      { type: "endTurn", combatant: "a1" },
    );
    expect(run.state.up).toBe("b");
  });

  it("TEAM-14 only the surprising team acts in the surprise round", () => {
    const run = begin(duel({ surprise: ["b"] }));
    expect(run.state.up).toBe("b");
    refused(run, { type: "act", combatant: "a1" }, "Surprised");
    refused(run, { type: "react", combatant: "a1", reaction: "Dodge" }, "Surprised");
    const ev = play(run, ...turn("b1"));
    expect(ev.filter((e) => e.type === "turnLost").map((e) => field(e, "combatant"))).toEqual(["a1", "a2"]);
    expect(run.state.phase).toBe("main");
    expect(run.state.up).toBe("a");
  });

  it("TEAM-15 a character who cannot be surprised acts in the surprise round in team initiative order", () => {
    const setup = duel({
      surprise: ["b"],
      combatants: [
        { id: "a1", team: "a", cannotBeSurprised: true },
        { id: "a2", team: "a" },
        { id: "b1", team: "b" },
        { id: "b2", team: "b" },
      ],
    });
    const run = begin(setup);
    expect(run.state.up).toBe("a");
    play(run, ...turn("a1"));
    expect(run.state.up).toBe("b");
    const first = begin({ ...setup, options: { surpriseOrder: "surprisersFirst" } });
    expect(first.state.up).toBe("b");
  });

  it("TEAM-35 TEAM-27 one reaction a round, recovered at the start of one's turn; Wait gives an extra one", () => {
    const run = begin(duel());
    play(run, { type: "react", combatant: "b1", reaction: "Dodge" });
    refused(run, { type: "react", combatant: "b1", reaction: "Dodge" }, "NoReactionsLeft");
    expect(run.state.members.b1?.stamina).toBe(1);
    play(run, { type: "act", combatant: "a1" }, { type: "spend", combatant: "a1", action: "Wait" });
    expect(run.state.acting).toBe(null);
    play(
      run,
      { type: "react", combatant: "a1", reaction: "Parry" },
      { type: "react", combatant: "a1", reaction: "Block" },
    );
    refused(run, { type: "react", combatant: "a1", reaction: "Dodge" }, "NoReactionsLeft");
    play(run, { type: "act", combatant: "b1" });
    expect(run.state.members.b1?.reactions).toBe(1);
  });

  it("TEAM-28 a free reaction does not count against the limit", () => {
    const run = begin(duel());
    play(
      run,
      { type: "react", combatant: "b1", reaction: "Intercept" },
      { type: "react", combatant: "b1", reaction: "Dodge", free: true },
    );
    expect(run.state.members.b1?.reactions).toBe(0);
    refused(run, { type: "react", combatant: "b1", reaction: "Sing" }, "UnknownReaction");
  });

  it("TEAM-54 the engine counts attacks per combatant per round for the multiple attack penalty", () => {
    const run = begin(duel());
    play(
      run,
      { type: "act", combatant: "a1" },
      { type: "spend", combatant: "a1", action: "Attack" },
      { type: "spend", combatant: "a1", action: "Attack" },
    );
    expect(run.state.members.a1?.attacks).toBe(2);
    play(run, { type: "endTurn", combatant: "a1" }, ...turn("b1"), ...turn("a2"));
    expect(run.state.members.a1?.attacks).toBe(0);
    const perTurn = begin(duel({ options: { attackCountResets: "turn" } }));
    play(
      perTurn,
      { type: "act", combatant: "a1" },
      { type: "spend", combatant: "a1", action: "Attack" },
      { type: "endTurn", combatant: "a1" },
    );
    expect(perTurn.state.members.a1?.attacks).toBe(1);
  });
});

describe("teams action economy", () => {
  const acting = (id = "a1") => {
    const run = begin(duel());
    if (id !== "a1") play(run, ...turn("a1"), ...turn("b1"));
    play(run, { type: "act", combatant: id });
    return run;
  };

  it("TEAM-17 three actions per turn; a fourth is refused", () => {
    const run = acting();
    play(
      run,
      { type: "spend", combatant: "a1", action: "Attack" },
      { type: "spend", combatant: "a1", action: "Interact" },
      { type: "spend", combatant: "a1", action: "Brandish" },
    );
    refused(run, { type: "spend", combatant: "a1", action: "Attack" }, "NoActionsLeft");
    refused(run, { type: "spend", combatant: "b1", action: "Attack" }, "NotYourTurn");
    refused(run, { type: "spend", combatant: "ghost", action: "Attack" }, "UnknownCombatant");
    refused(run, { type: "spend", combatant: "a1", action: "Attack", cost: 2 }, "BadCost");
  });

  it("TEAM-18 Attack, Brandish, Interact and Stand Up cost one action each", () => {
    const run = acting();
    for (const action of ["Attack", "Brandish", "Interact"]) play(run, { type: "spend", combatant: "a1", action });
    expect(run.state.members.a1?.turn?.actionsUsed).toBe(3);
    const run2 = acting();
    play(run2, { type: "spend", combatant: "a1", action: "Stand Up" });
    expect(run2.state.members.a1?.turn?.actionsUsed).toBe(1);
  });

  it("TEAM-19 Command pays 2 focus, once per ally per turn, and the ally takes one action", () => {
    const run = acting();
    refused(run, { type: "spend", combatant: "a1", action: "Command", target: "b1" }, "NotAnAlly");
    play(run, { type: "spend", combatant: "a1", action: "Command", target: "a2" });
    expect(run.state.members.a1?.focus).toBe(2);
    expect(run.state.members.a1?.turn?.actionsUsed).toBe(1);
    refused(run, { type: "spend", combatant: "a1", action: "Command", target: "a2" }, "AlreadyCommanded");
    refused(run, { type: "spend", combatant: "a2", action: "Wait" }, "NotAGrantedAction");
    play(run, { type: "spend", combatant: "a2", action: "Attack" });
    expect(run.state.members.a2?.attacks).toBe(1);
    refused(run, { type: "spend", combatant: "a2", action: "Attack" }, "NotYourTurn");
    const poor = begin(
      duel({
        combatants: [
          { id: "a1", team: "a", focus: 1 },
          { id: "a2", team: "a" },
          { id: "b1", team: "b" },
        ],
      }),
    );
    play(poor, { type: "act", combatant: "a1" });
    refused(poor, { type: "spend", combatant: "a1", action: "Command", target: "a2" }, "NotEnoughFocus");
  });

  it("TEAM-20 Move once per turn", () => {
    const run = acting();
    play(run, { type: "spend", combatant: "a1", action: "Move" });
    refused(run, { type: "spend", combatant: "a1", action: "Move" }, "AlreadyMoved");
  });

  it("TEAM-21 Sprint only after moving, for 1 stamina, once a turn by default", () => {
    const run = acting();
    refused(run, { type: "spend", combatant: "a1", action: "Sprint" }, "SprintBeforeMove");
    play(run, { type: "spend", combatant: "a1", action: "Move" }, { type: "spend", combatant: "a1", action: "Sprint" });
    expect(run.state.members.a1?.stamina).toBe(2);
    refused(run, { type: "spend", combatant: "a1", action: "Sprint" }, "AlreadySprinted");
    const tired = acting("a2");
    play(
      tired,
      { type: "spend", combatant: "a2", action: "Move" },
      { type: "spend", combatant: "a2", action: "Sprint" },
    );
    expect(tired.state.members.a2?.stamina).toBe(0);
  });

  it("TEAM-22 Guard ends the turn and lasts until the next turn", () => {
    const run = acting();
    const ev = play(run, { type: "spend", combatant: "a1", action: "Guard" });
    expect(ev.map((e) => e.type)).toEqual(["actionSpent", "turnEnded", "sideUp"]);
    expect(run.state.members.a1?.untilNextTurn).toEqual(["Guard"]);
  });

  it("TEAM-23 Ready an Action ends the turn and becomes a reaction that uses the round's reaction", () => {
    const run = acting();
    play(run, { type: "spend", combatant: "a1", action: "Ready an Action" });
    expect(run.state.acting).toBe(null);
    play(run, { type: "react", combatant: "a1", reaction: "Ready an Action" });
    expect(run.state.members.a1?.reactions).toBe(0);
    refused(run, { type: "react", combatant: "a1", reaction: "Ready an Action" }, "NothingReadied");
  });

  it("TEAM-24 Resuscitate costs 2 actions", () => {
    const run = acting();
    play(run, { type: "spend", combatant: "a1", action: "Resuscitate", target: "a2" });
    expect(run.state.members.a1?.turn?.actionsUsed).toBe(2);
  });

  it("TEAM-25 Seek Cover does not end the turn", () => {
    const run = acting();
    play(run, { type: "spend", combatant: "a1", action: "Seek Cover" });
    expect(run.state.acting).toBe("a1");
    expect(run.state.members.a1?.untilNextTurn).toEqual(["Seek Cover"]);
  });

  it("TEAM-26 Short Task costs 3 actions", () => {
    const run = acting();
    play(run, { type: "spend", combatant: "a1", action: "Short Task" });
    expect(run.state.members.a1?.turn?.actionsUsed).toBe(3);
  });

  it("TEAM-28 TEAM-29 TEAM-30 free actions do not count against the three", () => {
    const run = acting();
    play(
      run,
      { type: "spend", combatant: "a1", action: "Short Task" },
      { type: "spend", combatant: "a1", action: "Drop Item" },
      { type: "spend", combatant: "a1", action: "Drop Prone" },
    );
    expect(run.state.members.a1?.turn?.actionsUsed).toBe(3);
  });

  it("TEAM-31 Step once per turn, instead of a move by default", () => {
    const run = acting();
    play(run, { type: "spend", combatant: "a1", action: "Step" });
    refused(run, { type: "spend", combatant: "a1", action: "Step" }, "AlreadyStepped");
    refused(run, { type: "spend", combatant: "a1", action: "Move" }, "AlreadyStepped");
    const both = begin(duel({ options: { stepWithMove: true } }));
    play(
      both,
      { type: "act", combatant: "a1" },
      { type: "spend", combatant: "a1", action: "Step" },
      { type: "spend", combatant: "a1", action: "Move" },
    );
  });

  it("TEAM-32 an action costing more than is left starts now and takes effect only when paid", () => {
    const run = acting();
    play(
      run,
      { type: "spend", combatant: "a1", action: "Attack" },
      { type: "spend", combatant: "a1", action: "Attack" },
    );
    const ev = play(run, { type: "spend", combatant: "a1", action: "Short Task" });
    expect(ev).toEqual([{ type: "actionSpent", combatant: "a1", action: "Short Task", detail: "started" }]);
    play(run, { type: "endTurn", combatant: "a1" }, ...turn("b1"), ...turn("a2"), { type: "act", combatant: "a1" });
    const done = play(run, { type: "spend", combatant: "a1", action: "Short Task" });
    expect(done).toEqual([{ type: "actionSpent", combatant: "a1", action: "Short Task", detail: "completed" }]);
    expect(run.state.members.a1?.turn?.actionsUsed).toBe(2);
  });

  it("TEAM-32 an extended action of 7 actions spans three turns", () => {
    const run = acting();
    play(run, { type: "spend", combatant: "a1", action: "Ritual", cost: 7 });
    for (let i = 0; i < 2; i++) {
      play(run, { type: "endTurn", combatant: "a1" }, ...turn("b1"), ...turn("a2"), { type: "act", combatant: "a1" });
      const ev = play(run, { type: "spend", combatant: "a1", action: "Ritual" });
      expect(ev[0] && field(ev[0], "detail")).toBe(i === 0 ? "continued" : "completed");
    }
    expect(run.state.members.a1?.turn?.actionsUsed).toBe(1);
  });

  it("TEAM-33 an unfinished action may be abandoned at no cost and the turn goes on", () => {
    const run = acting();
    play(
      run,
      { type: "spend", combatant: "a1", action: "Attack" },
      { type: "spend", combatant: "a1", action: "Attack" },
      { type: "spend", combatant: "a1", action: "Reload", cost: 2 },
    );
    play(run, { type: "endTurn", combatant: "a1" }, ...turn("b1"), ...turn("a2"), { type: "act", combatant: "a1" });
    play(run, { type: "abandon", combatant: "a1" }, { type: "spend", combatant: "a1", action: "Attack" });
    expect(run.state.members.a1?.turn?.actionsUsed).toBe(1);
    refused(run, { type: "abandon", combatant: "a1" }, "NothingToAbandon");
    const strict = begin(duel({ options: { abandonSameTurn: false } }));
    play(strict, { type: "act", combatant: "a1" }, { type: "spend", combatant: "a1", action: "Ritual", cost: 5 });
    refused(strict, { type: "abandon", combatant: "a1" }, "AbandonLater");
  });
});
