import { commandsOf } from "../../../../src/core/shared/journal.js";
import { describe, expect, it } from "vitest";
import { openJournal, record, replay, undo } from "../../../../src/core/shared/journal.js";
import type { MoveGrant } from "../../../../src/core/economy/sections.js";
import type { SectionsCommand } from "../../../../src/core/turn-order/sections/index.js";
import { begin, engine, fight, noDice, quickTurn, refused, run } from "./fixtures.js";

const act = (combatant: string): SectionsCommand => ({ type: "act", combatant });
const draw = (combatant: string): SectionsCommand => ({ type: "draw", combatant });
const innate = (combatant: string): SectionsCommand => ({ type: "move", combatant, kind: "innate" });
const granted = (combatant: string, source: string, movement: MoveGrant["kind"]): SectionsCommand => ({
  type: "move",
  combatant,
  kind: "granted",
  source,
  movement,
});
/** Two cards: Sprint (a Strategy card, Move 3 with Height 1) and Wings (an Action card, Fly 2). */
const sprint: MoveGrant = { source: "sprint", kind: "move", n: 3, height: 1 };
const wings: MoveGrant = { source: "wings", kind: "fly", n: 2, height: 0 };
const play = (combatant: string, phase: "strategy" | "action", grant: MoveGrant): SectionsCommand =>
  phase === "strategy"
    ? { type: "spend", combatant, phase, action: "strategy", grant }
    : { type: "spend", combatant, phase, action: "action", grant };
const discard = (combatant: string): SectionsCommand => ({ type: "discard", combatant });
const endTurn = (combatant: string): SectionsCommand => ({ type: "endTurn", combatant });
const block = (combatant: string): SectionsCommand => ({
  type: "spend",
  combatant,
  phase: "strategy",
  action: "block",
});
const incant = (combatant: string): SectionsCommand => ({
  type: "spend",
  combatant,
  phase: "action",
  action: "incant",
});
const attack = (combatant: string): SectionsCommand => ({
  type: "spend",
  combatant,
  phase: "action",
  action: "action",
});

describe("sections turns: the innate Move", () => {
  it("SEC-04 every entity has an innate Move it can use during its own turn", () => {
    let s = run(fight(), act("ann"), draw("ann"), innate("ann")).state;
    expect(s.turn?.innateMoveUsed).toBe(true);
    s = run(s, endTurn("ann"), ...quickTurn("bo"), act("imp"), draw("imp")).state;
    const { events } = run(s, innate("imp"));
    expect(events).toEqual([{ type: "moveTaken", round: 1, combatant: "imp", kind: "innate" }]);
  });

  it("SEC-04 the innate Move belongs to the mover's own turn: others are refused", () => {
    const s = run(fight(), act("ann"), draw("ann")).state;
    const r = refused(s, innate("bo"));
    expect(r.key).toBe("FRAY.Refusal.NotYourTurn");
    expect(r.clause).toBe("SEC-04");
    expect(refused(s, innate("orc")).key).toBe("FRAY.Refusal.NotYourTurn");
  });

  it("SEC-05 the innate Move is refused before the draw", () => {
    const s = run(fight(), act("ann")).state;
    const r = refused(s, innate("ann"));
    expect(r.key).toBe("FRAY.Refusal.MoveBeforeDraw");
    expect(r.clause).toBe("SEC-05");
  });

  it("SEC-05 the innate Move is refused a second time in the same turn", () => {
    const s = run(fight(), act("ann"), draw("ann"), innate("ann")).state;
    const r = refused(s, innate("ann"));
    expect(r.key).toBe("FRAY.Refusal.InnateMoveUsed");
    expect(r.clause).toBe("SEC-05");
  });

  it("SEC-05 the innate Move is refused after the discard", () => {
    const s = run(fight(), act("ann"), draw("ann"), block("ann"), discard("ann")).state;
    const r = refused(s, innate("ann"));
    expect(r.key).toBe("FRAY.Refusal.MoveAfterDiscard");
    expect(r.clause).toBe("SEC-05");
    expect(run(s, endTurn("ann")).state.acting).toBeNull();
  });

  it("SEC-05 the innate Move can come before, between or after the Phases and spends none of them", () => {
    for (const at of [0, 1, 2]) {
      const steps: SectionsCommand[] = [block("ann"), attack("ann")];
      steps.splice(at, 0, innate("ann"));
      const s = run(fight(), act("ann"), draw("ann"), ...steps).state;
      expect(s.turn).toEqual({
        step: "discard",
        innateMoveUsed: true,
        grantedMoves: 0,
        strategy: "block",
        action: "action",
      });
    }
    // Moving right after the draw leaves the Strategy Phase open.
    const early = run(fight(), act("ann"), draw("ann"), innate("ann")).state;
    expect(early.turn?.step).toBe("strategy");
    expect(early.turn?.strategy).toBeNull();
  });

  it("SEC-05 the innate Move comes back each turn", () => {
    let s = run(fight(), act("ann"), draw("ann"), innate("ann"), endTurn("ann")).state;
    s = run(s, ...quickTurn("bo"), ...quickTurn("orc"), ...quickTurn("imp")).state;
    expect(s.round).toBe(2);
    s = run(s, act("ann"), draw("ann"), innate("ann")).state;
    expect(s.turn?.innateMoveUsed).toBe(true);
  });
});

describe("sections turns: granted Moves", () => {
  it(
    "SEC-06 playing a card that grants a Move adds a pending grant; the granted Move takes it and " +
      "spares the innate Move",
    () => {
      const played = run(fight(), act("ann"), draw("ann"), play("ann", "strategy", sprint));
      expect(played.events.at(-1)).toEqual({
        type: "actionSpent",
        round: 1,
        combatant: "ann",
        phase: "strategy",
        action: "strategy",
        grant: sprint,
      });
      expect(played.state.turn?.grants).toEqual([sprint]);
      expect(engine.view(played.state).grants).toEqual([sprint]);
      const s = run(played.state, granted("ann", "sprint", "move"), innate("ann")).state;
      expect(s.turn?.grantedMoves).toBe(1);
      expect(s.turn?.grants).toEqual([]);
      expect(s.turn?.innateMoveUsed).toBe(true);
      expect(engine.view(s).innateMoveUsed).toBe(true);
    },
  );

  it(
    "SEC-06 a granted Move must name a pending grant: none " + "played, another card, or one already taken is refused",
    () => {
      const s = run(fight(), act("ann"), draw("ann")).state;
      const none = refused(s, granted("ann", "sprint", "move"));
      expect(none.key).toBe("FRAY.Refusal.NoPendingGrant");
      expect(none.clause).toBe("SEC-06");
      const played = run(s, play("ann", "strategy", sprint)).state;
      expect(refused(played, granted("ann", "wings", "move")).key).toBe("FRAY.Refusal.NoPendingGrant");
      expect(refused(played, { type: "move", combatant: "ann", kind: "granted" }).key).toBe(
        "FRAY.Refusal.NoPendingGrant",
      );
      const taken = run(played, granted("ann", "sprint", "move")).state;
      expect(refused(taken, granted("ann", "sprint", "move")).key).toBe("FRAY.Refusal.NoPendingGrant");
    },
  );

  it("SEC-07 a grant is taken only as its kind: a Fly card's grant is no Phase, and a Move card's no Fly", () => {
    const s = run(
      fight(),
      act("ann"),
      draw("ann"),
      play("ann", "strategy", sprint),
      play("ann", "action", wings),
    ).state;
    expect(refused(s, granted("ann", "wings", "phase")).key).toBe("FRAY.Refusal.NoPendingGrant");
    expect(refused(s, granted("ann", "sprint", "fly")).key).toBe("FRAY.Refusal.NoPendingGrant");
    const flown = run(s, granted("ann", "wings", "fly"));
    expect(flown.events).toEqual([
      { type: "moveTaken", round: 1, combatant: "ann", kind: "granted", source: "wings", movement: "fly" },
    ]);
    expect(flown.state.turn?.grants).toEqual([sprint]);
    expect(engine.view(flown.state).budget).toContainEqual({ key: "FRAY.Budget.Grant.move", count: 3 });
  });

  it(
    "SEC-06 a card's grant is checked: a kind, whole numbers " + "and the card's id, else refused and nothing is spent",
    () => {
      const s = run(fight(), act("ann"), draw("ann")).state;
      for (const grant of [
        { ...wings, kind: "swim" },
        { ...wings, n: -1 },
        { ...wings, n: 1.5 },
        { ...wings, height: "2" },
        { ...wings, source: "" },
        { kind: "fly", n: 2, height: 0 },
        null,
      ]) {
        const r = refused(s, { type: "spend", combatant: "ann", phase: "action", action: "action", grant });
        expect(r.key).toBe("FRAY.Refusal.BadGrant");
      }
    },
  );

  it("SEC-06 ruling: unused grants lapse at the end of the turn; no grant is left for a Move outside it", () => {
    const s = run(fight(), act("ann"), draw("ann"), play("ann", "action", wings), endTurn("ann")).state;
    expect(s.turn).toBeNull();
    expect(refused(s, granted("ann", "wings", "fly")).key).toBe("FRAY.Refusal.NoPendingGrant");
    expect(refused(s, granted("bo", "wings", "fly")).key).toBe("FRAY.Refusal.NoPendingGrant");
    const next = run(s, act("bo"), draw("bo")).state;
    expect(next.turn?.grants).toBeUndefined();
    expect(refused(next, granted("bo", "wings", "fly")).key).toBe("FRAY.Refusal.NoPendingGrant");
  });

  it("SEC-06 (default window) a pending grant may be taken after the discard, before the turn ends", () => {
    const s = run(fight(), act("ann"), draw("ann"), play("ann", "action", wings), discard("ann")).state;
    expect(run(s, granted("ann", "wings", "fly")).state.turn?.grantedMoves).toBe(1);
  });

  it("SEC-06 with grantedMoveWindow drawToDiscard, granted Moves keep to the draw-to-discard window", () => {
    const s = fight({ grantedMoveWindow: "drawToDiscard" });
    expect(refused(s, granted("bo", "wings", "fly")).clause).toBe("SEC-06");
    const drawn = run(s, act("ann"), draw("ann"), play("ann", "strategy", sprint), play("ann", "action", wings)).state;
    expect(refused(drawn, granted("bo", "wings", "fly")).key).toBe("FRAY.Refusal.GrantedMoveOutsideWindow");
    expect(run(drawn, innate("ann"), granted("ann", "sprint", "move")).state.turn?.grantedMoves).toBe(1);
    const gone = run(drawn, discard("ann")).state;
    const r = refused(gone, granted("ann", "wings", "fly"));
    expect(r.key).toBe("FRAY.Refusal.GrantedMoveOutsideWindow");
    expect(r.clause).toBe("SEC-06");
  });

  it("SEC-06 legal offers exactly the pending grants, each as its kind, to the card's player", () => {
    const s = run(
      fight(),
      act("ann"),
      draw("ann"),
      play("ann", "strategy", sprint),
      play("ann", "action", wings),
    ).state;
    const moves = engine.legal(s).filter((c) => c.type === "move" && c.kind === "granted");
    expect(moves).toEqual([
      { type: "move", combatant: "ann", kind: "granted", source: "sprint", movement: "move" },
      { type: "move", combatant: "ann", kind: "granted", source: "wings", movement: "fly" },
    ]);
    for (const m of moves) expect(engine.apply(s, m, noDice()).ok).toBe(true);
  });

  it("SEC-06 undo of a granted Move gives the grant back", () => {
    const opened = openJournal(engine, { combatants: fight().combatants.map((c) => ({ id: c.id, side: c.side })) }, 1);
    expect(opened.ok).toBe(true);
    if (!opened.ok) throw new Error(opened.reason);
    let j = opened.state;
    for (const c of [act("ann"), draw("ann"), play("ann", "action", wings), granted("ann", "wings", "fly")]) {
      const o = record(engine, j, c);
      if (!o.ok) throw new Error(o.reason);
      j = o.state;
    }
    expect(j.state.turn?.grants).toEqual([]);
    const back = undo(engine, j);
    if (!back.ok) throw new Error(back.reason);
    expect(back.state.state.turn?.grants).toEqual([wings]);
  });

  it("SEC-06 an entity unable to act cannot take a granted Move", () => {
    const s = run(fight(), { type: "setAble", combatant: "orc", able: false }).state;
    expect(refused(s, granted("orc", "wings", "fly")).key).toBe("FRAY.Refusal.CombatantUnable");
  });
});

describe("sections turns: the Phases", () => {
  it("SEC-42 a Block spends the Strategy Phase (recorded only)", () => {
    const { state, events } = run(fight(), act("ann"), draw("ann"), block("ann"));
    expect(state.turn?.strategy).toBe("block");
    expect(events.at(-1)).toEqual({
      type: "actionSpent",
      round: 1,
      combatant: "ann",
      action: "block",
      phase: "strategy",
    });
    expect(refused(state, block("ann")).key).toBe("FRAY.Refusal.PhaseOver");
  });

  it("SEC-42 a Block cannot be paid once the Action Phase is spent", () => {
    const s = run(fight(), act("ann"), draw("ann"), attack("ann")).state;
    expect(s.turn?.strategy).toBeNull();
    expect(refused(s, block("ann")).key).toBe("FRAY.Refusal.PhaseOver");
  });

  it("SEC-61 beginning to incant spends the Action Phase (recorded only)", () => {
    const { state, events } = run(fight(), act("ann"), draw("ann"), block("ann"), {
      type: "spend",
      combatant: "ann",
      phase: "action",
      action: "incant",
      detail: "Fireball",
    });
    expect(state.turn?.action).toBe("incant");
    expect(events.at(-1)).toEqual({
      type: "actionSpent",
      round: 1,
      combatant: "ann",
      action: "incant",
      phase: "action",
      detail: "Fireball",
    });
    expect(refused(state, incant("ann")).key).toBe("FRAY.Refusal.PhaseOver");
    expect(refused(state, attack("ann")).key).toBe("FRAY.Refusal.PhaseOver");
  });

  it("SEC-05 nothing is spent before the draw, nothing drawn twice, nothing after the discard", () => {
    const s = run(fight(), act("ann")).state;
    expect(refused(s, block("ann")).key).toBe("FRAY.Refusal.MustDrawFirst");
    expect(refused(s, discard("ann")).key).toBe("FRAY.Refusal.MustDrawFirst");
    expect(refused(s, endTurn("ann")).key).toBe("FRAY.Refusal.MustDrawFirst");
    const drawn = run(s, draw("ann")).state;
    expect(refused(drawn, draw("ann")).key).toBe("FRAY.Refusal.AlreadyDrawn");
    const gone = run(drawn, discard("ann")).state;
    expect(refused(gone, attack("ann")).key).toBe("FRAY.Refusal.PhaseOver");
    expect(refused(gone, discard("ann")).key).toBe("FRAY.Refusal.AlreadyDiscarded");
  });

  it("spends outside each Phase's list are refused by name", () => {
    const s = run(fight(), act("ann"), draw("ann")).state;
    expect(refused(s, { type: "spend", combatant: "ann", phase: "strategy", action: "incant" }).key).toBe(
      "FRAY.Refusal.UnknownSpend",
    );
    expect(refused(s, { type: "spend", combatant: "ann", phase: "bonus", action: "block" }).key).toBe(
      "FRAY.Refusal.UnknownPhase",
    );
  });

  it("SEC-05 ending the turn discards the card when that was not done", () => {
    const { events } = run(fight(), act("ann"), draw("ann"), endTurn("ann"));
    expect(events.slice(-2)).toEqual([
      { type: "cardDiscarded", round: 1, combatant: "ann" },
      { type: "turnEnded", round: 1, combatant: "ann" },
    ]);
    expect(events.filter((e) => e.type === "cardDiscarded")).toHaveLength(1);
  });
});

describe("sections turns: order", () => {
  it("sides: the players' side takes its turns, in any order, then the enemies' side; then a new round", () => {
    let s = fight();
    expect(engine.view(s).choosing).toBe("players");
    expect(refused(s, act("orc")).key).toBe("FRAY.Refusal.NotYourSidesTurn");
    s = run(s, ...quickTurn("bo")).state;
    expect(refused(s, act("bo")).key).toBe("FRAY.Refusal.AlreadyActed");
    const { state, events } = run(s, ...quickTurn("ann"));
    expect(events.at(-1)).toEqual({ type: "sideUp", round: 1, side: "enemies" });
    const end = run(state, ...quickTurn("imp"), ...quickTurn("orc"));
    expect(end.events.slice(-3)).toEqual([
      { type: "roundEnded", round: 1 },
      { type: "roundStarted", round: 2 },
      { type: "sideUp", round: 2, side: "players" },
    ]);
    expect(engine.view(end.state).status).toEqual({ ann: "ready", bo: "ready", orc: "ready", imp: "ready" });
  });

  it("sides: sideOrder can put the enemies first", () => {
    const s = begin({
      combatants: [
        { id: "ann", side: "players" },
        { id: "orc", side: "enemies" },
      ],
      sideOrder: ["enemies", "players"],
    });
    expect(engine.view(s).choosing).toBe("enemies");
    expect(refused(s, act("ann")).key).toBe("FRAY.Refusal.NotYourSidesTurn");
  });

  it("one turn at a time: nobody else starts while a turn is under way", () => {
    const s = run(fight(), act("ann")).state;
    expect(refused(s, act("bo")).key).toBe("FRAY.Refusal.TurnInProgress");
    expect(refused(s, draw("bo")).key).toBe("FRAY.Refusal.NotYourTurn");
  });

  it("fixed: the GM's list in setup order", () => {
    let s = fight({ order: "fixed" });
    expect(refused(s, act("bo")).key).toBe("FRAY.Refusal.NotNextInOrder");
    s = run(s, ...quickTurn("ann"), ...quickTurn("bo")).state;
    expect(engine.view(s).banner).toEqual({ key: "FRAY.Banner.SectionsNextUp", data: { name: "Orc" } });
    expect(refused(s, act("imp")).key).toBe("FRAY.Refusal.NotNextInOrder");
    const { events } = run(s, ...quickTurn("orc"), ...quickTurn("imp"));
    expect(events.slice(-2)).toEqual([
      { type: "roundEnded", round: 1 },
      { type: "roundStarted", round: 2 },
    ]);
  });

  it("popcorn: anyone who has not gone this round may go next", () => {
    let s = fight({ order: "popcorn" });
    s = run(s, ...quickTurn("orc"), ...quickTurn("ann"), ...quickTurn("imp")).state;
    expect(refused(s, act("orc")).key).toBe("FRAY.Refusal.AlreadyActed");
    const { state, events } = run(s, ...quickTurn("bo"));
    expect(state.round).toBe(2);
    expect(events.at(-1)).toEqual({ type: "roundStarted", round: 2 });
  });

  it("an unable combatant loses its turn when its side's slot passes, and a side with nobody able is skipped", () => {
    let s = run(
      fight(),
      { type: "setAble", combatant: "orc", able: false },
      { type: "setAble", combatant: "imp", able: false },
    ).state;
    const { state, events } = run(s, ...quickTurn("ann"), ...quickTurn("bo"));
    expect(events.slice(-7)).toEqual([
      { type: "turnEnded", round: 1, combatant: "bo" },
      { type: "sideSkipped", round: 1, side: "enemies" },
      { type: "turnLost", round: 1, combatant: "orc", reason: "unable" },
      { type: "turnLost", round: 1, combatant: "imp", reason: "unable" },
      { type: "roundEnded", round: 1 },
      { type: "roundStarted", round: 2 },
      { type: "sideUp", round: 2, side: "players" },
    ]);
    expect(state.round).toBe(2);
    expect(engine.view(state).status.orc).toBe("unable");
    // recovering before its side is up again gives it its turn in round 2
    s = run(state, { type: "setAble", combatant: "orc", able: true }, ...quickTurn("ann"), ...quickTurn("bo")).state;
    expect(engine.legal(s).filter((c) => c.type === "act")).toEqual([{ type: "act", combatant: "orc" }]);
  });

  it("nobody able: play waits instead of spinning through rounds, and resumes when someone recovers", () => {
    let s = fight({ order: "popcorn" });
    for (const id of ["ann", "bo", "orc", "imp"]) s = run(s, { type: "setAble", combatant: id, able: false }).state;
    expect(s.round).toBe(1);
    expect(engine.view(s).banner.key).toBe("FRAY.Banner.SectionsNoOneAble");
    expect(engine.legal(s).some((c) => c.type === "act")).toBe(false);
    const { state, events } = run(s, { type: "setAble", combatant: "bo", able: true });
    expect(state.round).toBe(2);
    expect(events.map((e) => e.type)).toEqual(["ableChanged", "roundEnded", "roundStarted"]);
    expect(engine.legal(state).filter((c) => c.type === "act")).toEqual([{ type: "act", combatant: "bo" }]);
  });

  it("making the acting combatant unable ends its turn at once", () => {
    const { state, events } = run(fight(), act("ann"), draw("ann"), { type: "setAble", combatant: "ann", able: false });
    expect(state.acting).toBeNull();
    expect(events.map((e) => e.type)).toContain("turnEnded");
    expect(refused(state, { type: "setAble", combatant: "ann", able: false }).key).toBe("FRAY.Refusal.AlreadyUnable");
  });
});

describe("sections turns: the end of the fight", () => {
  it("the fight ends by itself when only one side is left", () => {
    const s = run(fight(), { type: "remove", combatant: "orc" }).state;
    expect(s.result).toBeNull();
    const { state, events } = run(s, act("ann"), { type: "remove", combatant: "imp" });
    expect(events.slice(-2)).toEqual([
      { type: "turnEnded", round: 1, combatant: "ann" },
      { type: "combatEnded", reason: "oneSideLeft", outcome: "victory", victors: ["players"], steps: [] },
    ]);
    expect(engine.view(state).ended).toBe(true);
    expect(refused(state, act("bo")).key).toBe("FRAY.Refusal.CombatOver");
    expect(engine.legal(state)).toEqual([]);
  });

  it("the GM can declare the end with an outcome and victors, or simply end it", () => {
    const declared = run(fight(), { type: "declareEnd", outcome: "parley", victors: [] });
    expect(declared.state.result).toEqual({ reason: "declared", outcome: "parley", victors: [] });
    expect(refused(fight(), { type: "declareEnd", outcome: "victory", victors: ["dragons"] }).key).toBe(
      "FRAY.Refusal.UnknownSide",
    );
    const ended = run(fight(), { type: "endCombat" });
    expect(ended.events).toEqual([{ type: "combatEnded", reason: "gm", outcome: "ended", victors: [], steps: [] }]);
  });

  it("removing a combatant who is out already is refused", () => {
    const s = run(fight(), { type: "remove", combatant: "bo" }).state;
    expect(refused(s, { type: "remove", combatant: "bo" }).key).toBe("FRAY.Refusal.AlreadyOut");
    expect(refused(s, act("bo")).key).toBe("FRAY.Refusal.CombatantOut");
    expect(engine.view(s).status.bo).toBe("out");
  });
});

describe("sections turns: bad input", () => {
  it("unknown combatants, commands and malformed commands are refused, never thrown", () => {
    const s = fight();
    expect(refused(s, act("ghost")).key).toBe("FRAY.Refusal.UnknownCombatant");
    expect(refused(s, { type: "act", combatant: 7 }).key).toBe("FRAY.Refusal.UnknownCombatant");
    expect(refused(s, { type: "fly", combatant: "ann" }).key).toBe("FRAY.Refusal.UnknownCommand");
    expect(refused(s, null).key).toBe("FRAY.Refusal.MalformedCommand");
    expect(refused(s, { type: "setAble", combatant: "ann", able: "yes" }).key).toBe("FRAY.Refusal.MalformedCommand");
    const drawn = run(s, act("ann"), draw("ann")).state;
    expect(refused(drawn, { type: "move", combatant: "ann", kind: "swim" }).key).toBe("FRAY.Refusal.UnknownMoveKind");
  });

  it("a malformed state is refused where it is read, never thrown on", () => {
    const good = fight();
    const broken: unknown[] = [
      null,
      {},
      { ...good, round: 0 },
      { ...good, sides: ["players"] },
      { ...good, acting: "ghost", turn: null },
      { ...good, acting: null, turn: { step: "draw" } },
      { ...good, combatants: [{ id: "ann" }] },
      { ...good, options: { order: "initiative", grantedMoveWindow: "anytime" } },
    ];
    for (const b of broken) expect(engine.isState(b)).toBe(false);
    expect(engine.isState(good)).toBe(true);
  });

  it("bad setups are refused", () => {
    const start = (setup: unknown) => engine.start(setup as never, noDice());
    const key = (setup: unknown) => {
      const o = start(setup);
      return o.ok ? "accepted" : o.key;
    };
    expect(key({ combatants: [{ id: "a", side: "x" }] })).toBe("FRAY.Refusal.NeedTwoSides");
    expect(
      key({
        combatants: [
          { id: "a", side: "x" },
          { id: "a", side: "y" },
        ],
      }),
    ).toBe("FRAY.Refusal.DuplicateCombatant");
    expect(key({ combatants: [{ id: "", side: "x" }] })).toBe("FRAY.Refusal.BadSetup");
    expect(key(null)).toBe("FRAY.Refusal.BadSetup");
    expect(
      key({
        combatants: [
          { id: "a", side: "x" },
          { id: "b", side: "y" },
        ],
        options: { order: "initiative" },
      }),
    ).toBe("FRAY.Refusal.BadOptions");
    expect(
      key({
        combatants: [
          { id: "a", side: "x" },
          { id: "b", side: "y" },
        ],
        sideOrder: ["x"],
      }),
    ).toBe("FRAY.Refusal.BadSideOrder");
  });
});

describe("sections turns: journal", () => {
  it("undo steps back over a round boundary and replay rebuilds the same fight", () => {
    const setup = {
      combatants: [
        { id: "ann", side: "players" },
        { id: "orc", side: "enemies" },
      ],
    };
    let j = openJournal(engine, setup, 5);
    const log: SectionsCommand[] = [...quickTurn("ann"), act("orc"), draw("orc"), innate("orc")];
    const states = [];
    for (const c of log) {
      if (!j.ok) throw new Error("refused");
      states.push(j.state.state);
      j = record(engine, j.state, c);
    }
    if (!j.ok) throw new Error("refused");
    const back = undo(engine, j.state);
    expect(back.ok && back.state.state).toEqual(states.at(-1));
    const again = replay(engine, setup, 5, commandsOf(j.state));
    expect(again.ok && again.state.state).toEqual(j.state.state);
    // finish the orc's turn: round 2 starts; undo returns to round 1 mid-turn
    const next = record(engine, j.state, endTurn("orc"));
    if (!next.ok) throw new Error("refused");
    expect(next.state.state.round).toBe(2);
    const undone = undo(engine, next.state);
    expect(undone.ok && undone.state.state).toEqual(j.state.state);
  });
});
