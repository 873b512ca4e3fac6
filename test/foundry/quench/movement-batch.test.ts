import { describe, expect, it } from "vitest";
import { RULESETS } from "../../../src/core/rulesets.js";
import { openJournal, record, undo, type Journal } from "../../../src/core/shared/journal.js";
import { budgetOf, moveCommand } from "../../../src/foundry/canvas/move-budget.js";
import { compileScene } from "../../../src/foundry/canvas/scene-space.js";
import { COMBAT_MODES, MODE_FOR_RULESET } from "../../../src/foundry/combat/modes.js";
import type { TurnCommand } from "../../../src/foundry/combat/turn-command.js";
import { cornerOf, movementLayout, movementSceneData, type MovementLayout } from "../../../src/foundry/quench/movement-scene.js";
import { MAX_STEPS_TO_TURN, toMoversTurn } from "../../../src/foundry/quench/movement-turn.js";
import { checkMove } from "../../../src/foundry/canvas/move-check.js";
import { initialData } from "../../../src/foundry/data/field-spec.js";
import { modelFor } from "../../../src/foundry/data/models.js";
import { actorTypeFor } from "../../../src/foundry/quench/fight-cast.js";
import { FakeToken, sceneFromSource, type SceneSource } from "../../fakes/foundry-scene.js";
import { roster } from "../tracker/two-sides.js";

/** The batch's scene data as Foundry would store it (ids given, defaults filled), loaded into the scene fakes. */
function loaded(layout: MovementLayout) {
  const data = movementSceneData(layout) as unknown as Omit<SceneSource, "_id" | "regions" | "walls"> & {
    regions: { name: string; shapes: SceneSource["regions"][number]["shapes"]; behaviors: { type: string; system: unknown }[] }[];
    walls: { c: number[] }[];
  };
  return sceneFromSource({
    ...data,
    _id: "quench",
    regions: data.regions.map((r, k) => ({
      ...r,
      _id: `r${k}`,
      elevation: { bottom: null, top: null },
      behaviors: r.behaviors.map((b) => ({ ...b, disabled: false })),
    })),
    walls: data.walls.map((w) => ({ c: w.c, move: 20, door: 0, ds: 0 })),
  });
}

describe("the movement batch's scene, compiled as every client compiles it", () => {
  for (const ruleset of RULESETS) {
    it(`${ruleset}: a walk across the walled border is refused, one step spends one unit, and a Height needs more than a walk`, () => {
      const layout = movementLayout(ruleset);
      const scene = loaded(layout);
      const type = actorTypeFor(MODE_FOR_RULESET[ruleset]);
      const p = cornerOf(layout.start);
      const token = new FakeToken("t", p.x, p.y, { type, system: initialData(modelFor("Actor", type)!.fields) }, ["gm"]);
      scene.tokens.contents.push(token);
      const space = compileScene(scene, ruleset);
      expect(space.model).toBe(layout.model);
      const to = (cell: readonly [number, number]) =>
        checkMove({ space, scene, token, ruleset, waypoints: [{ ...cornerOf(cell), action: "walk" }] });
      expect(to(layout.hard)).toMatchObject({ ok: false, key: "FRAY.Refusal.WallInTheWay" });
      expect(to(layout.step)).toMatchObject({ ok: true, cost: 1 });
      if (layout.up) expect(to(layout.up)).toMatchObject({ ok: false, key: "FRAY.Refusal.MustClimb" });
    });
  }

  it("SEC-03 the walled Hall | Room edge is a hard border; SEC-11 the Room | Dais border goes up Height 2", () => {
    const space = compileScene(loaded(movementLayout("sections")), "sections");
    if (space.model !== "sections") throw new Error(space.model);
    const borders = space.graph.map.borders.map((b) => ({ kind: b.kind, height: b.height, sections: [b.a, b.b].sort().join("|") }));
    expect(borders).toContainEqual({ kind: "hard", height: undefined, sections: "r0|r1" });
    expect(borders.find((b) => b.sections === "r1|r2")).toMatchObject({ kind: "soft" });
    expect(Math.abs(borders.find((b) => b.sections === "r1|r2")?.height ?? 0)).toBe(2);
    expect(cornerOf(movementLayout("sections").start)).toEqual({ x: 400, y: 100 });
  });
});

describe("the movement batch brings a fight to the mover's turn, and the move's step spends and undo gives back", () => {
  for (const ruleset of RULESETS) {
    const modeId = MODE_FOR_RULESET[ruleset];
    it(`${ruleset} (${modeId}): the mover's turn is reached, the budget shrinks with the move's step, undo restores it`, () => {
      const mode = COMBAT_MODES[modeId]!;
      const opened = openJournal(mode.engine, mode.buildSetup(roster, { sideOrder: ["a", "b"] }), 11);
      if (!opened.ok) throw new Error(opened.reason);
      let j: Journal<unknown, unknown, TurnCommand> = opened.state;
      let steps = 0;
      for (let next = toMoversTurn(mode.engine.legal(j.state), mode.engine.view(j.state), "a1", "a"); next !== "ready"; steps++) {
        if (!next || steps > MAX_STEPS_TO_TURN) throw new Error(`stuck: ${JSON.stringify(mode.engine.legal(j.state))}`);
        const done = record(mode.engine, j, next);
        if (!done.ok) throw new Error(done.reason);
        j = done.state;
        next = toMoversTurn(mode.engine.legal(j.state), mode.engine.view(j.state), "a1", "a");
      }
      expect(mode.engine.view(j.state).acting).toBe("a1");
      const before = mode.engine.view(j.state).budget;
      const command = moveCommand(modeId, "a1", 1, { sceneId: "s", tokenId: "t", x: 0, y: 0 })!;
      const moved = record(mode.engine, j, command);
      if (!moved.ok) throw new Error(moved.reason);
      expect(mode.engine.view(moved.state.state).budget).not.toEqual(before);
      // STR-19/FAC-07: the public view says what was moved, and the GM's path check starts from it (move-budget.ts).
      const spent = budgetOf(mode.engine.view(moved.state.state), "a1");
      const expected =
        modeId === "rolled"
          ? { squaresMoved: 1 }
          : modeId === "factions"
            ? { zonesMoved: 1 }
            : modeId === "sections"
              ? { innateMoveUsed: true }
              : {};
      expect(spent).toEqual(expected);
      expect(budgetOf(mode.engine.view(moved.state.state), "b1")).toEqual({});
      const back = undo(mode.engine, moved.state);
      if (!back.ok) throw new Error(back.reason);
      expect(mode.engine.view(back.state.state).budget).toEqual(before);
    });
  }
});
