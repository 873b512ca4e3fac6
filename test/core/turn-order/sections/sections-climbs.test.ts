import { describe, expect, it } from "vitest";
import { commandsOf, openJournal, record, replay, undo } from "../../../../src/core/shared/journal.js";
import type { SectionsCommand } from "../../../../src/core/turn-order/sections/index.js";
import { engine, fight, refused, run } from "./fixtures.js";

const act = (combatant: string): SectionsCommand => ({ type: "act", combatant });
const draw = (combatant: string): SectionsCommand => ({ type: "draw", combatant });
const wall = { border: "yard|roof", from: "yard", to: "roof", height: 3 };
const climbMove = (combatant: string, climbed: number | null): SectionsCommand => ({
  type: "move",
  combatant,
  kind: "innate",
  climb: climbed === null ? null : { ...wall, climbed },
});

describe("sections turns: climbs kept by the turn order (SEC-15, SEC-16)", () => {
  it("SEC-16 a Move that leaves its mover climbing keeps the climb, in the state and the view", () => {
    const { state, events } = run(fight(), act("ann"), draw("ann"), climbMove("ann", 1));
    expect(state.climbs).toEqual([{ climber: "ann", ...wall, climbed: 1 }]);
    expect(state.turn?.innateMoveUsed).toBe(true);
    expect(events.at(-1)).toEqual({
      type: "climbKept",
      round: 1,
      combatant: "ann",
      border: "yard|roof",
      climbed: 1,
      height: 3,
    });
    expect(engine.view(state).climbs).toEqual([{ climber: "ann", ...wall, climbed: 1 }]);
  });

  it("SEC-15 ruling: progress is kept between turns, a later Move moves it on, and another's Move leaves it be", () => {
    const first = run(fight(), act("ann"), draw("ann"), climbMove("ann", 1), {
      type: "endTurn",
      combatant: "ann",
    }).state;
    const next = run(first, act("bo"), draw("bo"), { type: "endTurn", combatant: "bo" }).state;
    expect(next.climbs).toEqual([{ climber: "ann", ...wall, climbed: 1 }]);
    const later = run(next, act("orc"), draw("orc"), { type: "endTurn", combatant: "orc" }, act("imp"), draw("imp"));
    const round2 = run(
      later.state,
      { type: "endTurn", combatant: "imp" },
      act("ann"),
      draw("ann"),
      climbMove("ann", 2),
    ).state;
    expect(round2.climbs).toEqual([{ climber: "ann", ...wall, climbed: 2 }]);
    const top = run(round2, { type: "endTurn", combatant: "ann" }, act("bo"), draw("bo"), {
      type: "move",
      combatant: "bo",
      kind: "innate",
    });
    expect(top.state.climbs).toEqual([{ climber: "ann", ...wall, climbed: 2 }]);
  });

  it("SEC-16 a Move that ends the climb (the top reached, a let-go fall, Phase, Fly or Teleport) takes it off", () => {
    const s = run(fight(), act("ann"), draw("ann"), climbMove("ann", 2)).state;
    const granted = run(s, {
      type: "spend",
      combatant: "ann",
      phase: "action",
      action: "action",
      grant: { kind: "fly", n: 1, height: 0, source: "wings" },
    }).state;
    const { state, events } = run(granted, {
      type: "move",
      combatant: "ann",
      kind: "granted",
      source: "wings",
      movement: "fly",
      climb: null,
    });
    expect(state.climbs).toEqual([]);
    expect(events.at(-1)).toEqual({ type: "climbEnded", round: 1, combatant: "ann", border: "yard|roof" });
  });

  it(
    "SEC-43 with SEC-16 climbing on from the section it occupies keeps the climber's Block up; " +
      "starting a climb lowers it",
    () => {
      const blocking = run(fight(), act("ann"), draw("ann"), {
        type: "spend",
        combatant: "ann",
        phase: "strategy",
        action: "block",
        border: "yard|gate",
        from: "yard",
      }).state;
      // The Move that started the climb may have walked through other sections first: the Block comes down.
      const started = run(blocking, climbMove("ann", 1));
      expect(started.state.blocks).toEqual([]);
      const held = { ...started.state, blocks: [{ blocker: "ann", border: "yard|gate", from: "yard" }] };
      expect(engine.isState(held)).toBe(true);
      const round = { ...held, turn: { ...held.turn!, innateMoveUsed: false } };
      const on = run(round, climbMove("ann", 2)).state;
      expect(on.blocks).toEqual([{ blocker: "ann", border: "yard|gate", from: "yard" }]);
    },
  );

  it(
    "SEC-16 a climb that is no climb is refused: no Height, " + "the top already reached, the same section twice, junk",
    () => {
      const s = run(fight(), act("ann"), draw("ann")).state;
      for (const climb of [
        { ...wall, climbed: 3 },
        { ...wall, height: 0, climbed: 0 },
        { ...wall, to: "yard", climbed: 0 },
        { ...wall, border: "", climbed: 0 },
        { ...wall, climbed: -1 },
        { ...wall, climbed: 0.5 },
        { ...wall, height: "3", climbed: 0 },
        "yard|roof",
        { ...wall, border: "x".repeat(201), climbed: 0 },
      ]) {
        const r = refused(s, { type: "move", combatant: "ann", kind: "innate", climb });
        expect(r.key, JSON.stringify(climb)).toBe("FRAY.Refusal.MalformedCommand");
      }
      // A malformed climb spends nothing: the innate Move is still there.
      expect(run(s, climbMove("ann", 0)).state.turn?.innateMoveUsed).toBe(true);
    },
  );

  it("SEC-20 the GM ends a climb (a failed check on damage), spending nothing; one not climbing is refused", () => {
    const s = run(fight(), act("ann"), draw("ann"), climbMove("ann", 1)).state;
    expect(engine.legal(s)).toContainEqual({ type: "endClimb", combatant: "ann" });
    const { state, events } = run(s, { type: "endClimb", combatant: "ann" });
    expect(state.climbs).toEqual([]);
    expect(state.turn).toEqual(s.turn);
    expect(events).toEqual([{ type: "climbEnded", round: 1, combatant: "ann", border: "yard|roof" }]);
    expect(refused(state, { type: "endClimb", combatant: "ann" }).key).toBe("FRAY.Refusal.NotClimbing");
    expect(refused(state, { type: "endClimb", combatant: "nobody" }).key).toBe("FRAY.Refusal.UnknownCombatant");
    expect(engine.legal(state)).not.toContainEqual({ type: "endClimb", combatant: "ann" });
  });

  it("SEC-16 one taken out of the fight climbs no more", () => {
    const s = run(fight(), act("ann"), draw("ann"), climbMove("ann", 1)).state;
    expect(run(s, { type: "remove", combatant: "ann" }).state.climbs).toEqual([]);
  });

  it("SEC-16 undo takes a climb's progress back and replay gives it again", () => {
    const opened = openJournal(
      engine,
      { combatants: fight().combatants.map((c) => ({ id: c.id, side: c.side, name: c.name })) },
      1,
    );
    if (!opened.ok) throw new Error(opened.reason);
    let j = opened.state;
    for (const c of [act("ann"), draw("ann"), climbMove("ann", 1), climbMove("ann", 2)].slice(0, 3)) {
      const r = record(engine, j, c);
      if (!r.ok) throw new Error(r.reason);
      j = r.state;
    }
    expect(j.state.climbs).toHaveLength(1);
    const back = undo(engine, j);
    if (!back.ok) throw new Error(back.reason);
    expect(back.state.state.climbs).toEqual([]);
    const again = replay(engine, j.setup, j.seed, commandsOf(j));
    if (!again.ok) throw new Error(again.reason);
    expect(again.state.state).toEqual(j.state);
  });

  it("SEC-16 a stored state's climbs are checked: an unknown climber, two climbs at once, a finished one", () => {
    const s = run(fight(), act("ann"), draw("ann"), climbMove("ann", 1)).state;
    const c = s.climbs![0]!;
    expect(engine.isState(s)).toBe(true);
    expect(engine.isState({ ...s, climbs: undefined })).toBe(true);
    expect(engine.isState({ ...s, climbs: [{ ...c, climber: "ghost" }] })).toBe(false);
    expect(engine.isState({ ...s, climbs: [c, c] })).toBe(false);
    expect(engine.isState({ ...s, climbs: [{ ...c, climbed: 3 }] })).toBe(false);
    expect(engine.isState({ ...s, climbs: {} })).toBe(false);
  });
});
