// The GM is told, on viewing a scene, when Fray refuses every move on it (a map the core cannot read) or checks
// none (a squares scene on a grid that is not square), instead of finding out from the first move in a fight.
import { describe, expect, it } from "vitest";
import { refuse } from "../../../../src/core/shared/outcome.js";
import { sceneNotice } from "../../../../src/foundry/canvas/space/scene-notice.js";
import { compileScene } from "../../../../src/foundry/canvas/space/scene-space.js";
import { FakeScene, FakeSquareGrid } from "../../../fakes/foundry-scene.js";

const localise = (key: string, data?: Record<string, string>) => (data ? `${key} ${JSON.stringify(data)}` : key);

/** v13's HexagonalGrid as the notice reads it (`common/grid/base.mjs`: isGridless, isSquare): neither. */
class FakeHexGrid extends FakeSquareGrid {
  override readonly isSquare = false as true;
}

function sceneOn(grid: FakeSquareGrid, model: string | null): FakeScene & { name: string } {
  const scene = Object.assign(new FakeScene("s1", grid, 4, 4), { name: "Ford" });
  if (model) scene.flags = { fray: { spaceModel: model } };
  return scene;
}

describe("what the GM is told about a scene's map", () => {
  it("STR-14 a squares scene on a hexagonal grid: moves are not checked, and the GM is told so", () => {
    const scene = sceneOn(new FakeHexGrid(), "grid");
    const space = compileScene(scene, "grid");
    expect(space.model).toBe("none");
    expect(sceneNotice(scene, space, "strain", localise)).toEqual({
      key: "FRAY.Movement.Notice.NotSquare",
      data: { scene: "Ford" },
    });
  });

  it("a square grid, or a scene without a space model, says nothing", () => {
    const square = sceneOn(new FakeSquareGrid(), "grid");
    expect(sceneNotice(square, compileScene(square, "grid"), "strain", localise)).toBeNull();
    const none = sceneOn(new FakeHexGrid(), "none");
    expect(sceneNotice(none, compileScene(none, "grid"), "strain", localise)).toBeNull();
  });

  it("a map the core refuses: every move is refused, and the GM reads the core's reason, localised", () => {
    const scene = sceneOn(new FakeSquareGrid(), "sections");
    const refusal = refuse("DuplicateSectionId", 'section id "a" is used twice', "SEC-01", { id: "a" });
    const notice = sceneNotice(scene, { model: "broken", refusal }, "sections", localise);
    expect(notice?.key).toBe("FRAY.Movement.Notice.Broken");
    expect(notice?.data.reason).toBe(`${refusal.key} {"id":"a"}`);
  });
});
