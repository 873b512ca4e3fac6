import { describe, expect, it } from "vitest";
import { compileScene, type SceneSpace } from "../../../../src/foundry/canvas/space/scene-space.js";
import { SpaceCache } from "../../../../src/foundry/canvas/space/space-cache.js";
import {
  cellsRect,
  fakeWall,
  FakeGridlessGrid,
  FakeRegion,
  FakeScene,
  FakeSquareGrid,
  section,
  zone,
} from "../../../fakes/foundry-scene.js";

const S = 100;
/**
 * A wall on the vertical grid line left of cell column `c`, from row r0 to row r1 (exclusive), in a scene with one-cell
 * padding.
 */
const wallLeftOf = (c: number, r0: number, r1: number, door = {}) =>
  fakeWall([(c + 1) * S, (r0 + 1) * S, (c + 1) * S, (r1 + 1) * S], door);

function scene(columns = 6, rows = 4, flag = "sections"): FakeScene {
  const s = new FakeScene("scene1", new FakeSquareGrid(S), columns, rows);
  s.flags = { fray: { spaceModel: flag } };
  return s;
}

/** Two 3x4 rooms side by side: "a" on columns 0-2, "b" on columns 3-5. */
function twoRooms(a: Record<string, unknown> = {}, b: Record<string, unknown> = {}): FakeScene {
  const s = scene();
  s.regions.contents.push(new FakeRegion("a", [cellsRect(0, 0, 3, 4)], [section(a)]));
  s.regions.contents.push(new FakeRegion("b", [cellsRect(3, 0, 3, 4)], [section(b)]));
  return s;
}

function sections(space: SceneSpace) {
  if (space.model !== "sections") throw new Error(`expected sections, got ${space.model}`);
  return space;
}

describe("sections derived from regions and walls", () => {
  it("SEC-01 neighbouring cells in different regions make a soft border", () => {
    const space = sections(compileScene(twoRooms(), "sections"));
    expect(space.graph.map.sections.map((x) => x.id)).toEqual(["a", "b"]);
    expect(space.graph.map.borders).toEqual([{ id: "a|b", a: "a", b: "b", kind: "soft" }]);
    expect(space.cellSection!.slice(0, 6)).toEqual(["a", "a", "a", "b", "b", "b"]);
  });

  it("SEC-01 a wall along the whole shared edge makes the border hard", () => {
    const s = twoRooms();
    s.walls.contents.push(wallLeftOf(3, 0, 4));
    expect(sections(compileScene(s, "sections")).graph.map.borders[0]?.kind).toBe("hard");
  });

  it("SEC-01 a wall with a doorway leaves the border soft; a closed door makes it hard, an open one soft", () => {
    const gap = twoRooms();
    gap.walls.contents.push(wallLeftOf(3, 0, 2), wallLeftOf(3, 3, 4));
    expect(sections(compileScene(gap, "sections")).graph.map.borders[0]?.kind).toBe("soft");
    const closed = twoRooms();
    closed.walls.contents.push(wallLeftOf(3, 0, 2), wallLeftOf(3, 2, 3, { door: 1, ds: 0 }), wallLeftOf(3, 3, 4));
    expect(sections(compileScene(closed, "sections")).graph.map.borders[0]?.kind).toBe("hard");
    const open = twoRooms();
    open.walls.contents.push(wallLeftOf(3, 0, 2), wallLeftOf(3, 2, 3, { door: 1, ds: 1 }), wallLeftOf(3, 3, 4));
    expect(sections(compileScene(open, "sections")).graph.map.borders[0]?.kind).toBe("soft");
  });

  it("SEC-01 a wall that lets movement through (move: none) is no wall for the border", () => {
    const s = twoRooms();
    s.walls.contents.push(fakeWall([4 * S, S, 4 * S, 5 * S], { move: 0 }));
    expect(sections(compileScene(s, "sections")).graph.map.borders[0]?.kind).toBe("soft");
  });

  it("SEC-11 a border's Height is signed from a to b: positive going up", () => {
    const up = sections(compileScene(twoRooms({ height: 1 }, { height: 3 }), "sections"));
    expect(up.graph.map.borders[0]).toMatchObject({ a: "a", b: "b", height: 2 });
    const down = sections(compileScene(twoRooms({ height: 3 }, { height: 0 }), "sections"));
    expect(down.graph.map.borders[0]).toMatchObject({ a: "a", b: "b", height: -3 });
    // The core reads it both ways: from b the same border goes up 3.
    const fromB = down.graph.adjacency[down.graph.sectionIndex.get("b")!]![0]!;
    expect(fromB.height).toBe(3);
  });

  it("SEC-49 SEC-68 a section keeps its behaviour's lighting and water", () => {
    const space = sections(
      compileScene(twoRooms({ lighting: "dark", water: true }, { lighting: "shadowy" }), "sections"),
    );
    expect(space.graph.map.sections).toEqual([
      { id: "a", lighting: "dark", water: true },
      { id: "b", lighting: "shadowy" },
    ]);
  });

  it(
    "SEC-01 a region's hole is not part of it: a region inside the hole borders it, an empty hole " +
      "belongs to no section",
    () => {
      const s = scene(5, 5);
      s.regions.contents.push(
        new FakeRegion("hall", [cellsRect(0, 0, 5, 5), cellsRect(1, 1, 3, 3, S, true)], [section()]),
      );
      // The pit fills the hole's two left columns; its right column stays empty.
      s.regions.contents.push(new FakeRegion("pit", [cellsRect(1, 1, 2, 3)], [section({ height: -2 })]));
      const space = sections(compileScene(s, "sections"));
      expect(space.graph.map.borders).toEqual([{ id: "hall|pit", a: "hall", b: "pit", kind: "soft", height: -2 }]);
      const at = (x: number, y: number) => space.cellSection![y * 5 + x];
      expect([at(0, 0), at(1, 1), at(2, 2), at(3, 2), at(3, 3), at(4, 4)]).toEqual([
        "hall",
        "pit",
        "pit",
        null,
        null,
        "hall",
      ]);
    },
  );

  it("SEC-01 overlapping regions: the region covering fewer cells owns them (a dais drawn inside a hall)", () => {
    const s = scene(6, 4);
    s.regions.contents.push(new FakeRegion("hall", [cellsRect(0, 0, 6, 4)], [section({ height: 0 })]));
    s.regions.contents.push(new FakeRegion("dais", [cellsRect(2, 1, 2, 2)], [section({ height: 1 })]));
    const space = sections(compileScene(s, "sections"));
    expect(space.graph.map.borders).toEqual([{ id: "dais|hall", a: "dais", b: "hall", kind: "soft", height: -1 }]);
    expect(space.cellSection!.filter((c) => c === "dais")).toHaveLength(4);
    expect(space.cellSection!.filter((c) => c === "hall")).toHaveLength(20);
  });

  it("SEC-01 sections that touch only at a corner share no border; a disabled behaviour makes no section", () => {
    const s = scene(4, 4);
    s.regions.contents.push(new FakeRegion("a", [cellsRect(0, 0, 2, 2)], [section()]));
    s.regions.contents.push(new FakeRegion("b", [cellsRect(2, 2, 2, 2)], [section()]));
    s.regions.contents.push(new FakeRegion("c", [cellsRect(2, 0, 2, 2)], [section({}, true)]));
    const space = sections(compileScene(s, "sections"));
    expect(space.graph.map.sections.map((x) => x.id)).toEqual(["a", "b"]);
    expect(space.graph.map.borders).toEqual([]);
  });

  it("SEC-01 on a gridless scene the borders are the ones the GM marks, merged from both sides", () => {
    const s = new FakeScene("gl", new FakeGridlessGrid(), 10, 10);
    s.flags = { fray: { spaceModel: "sections" } };
    const mark = (neighbour: string, kind: string, height: number | null = null) => ({ neighbour, kind, height });
    s.regions.contents.push(
      new FakeRegion(
        "a",
        [cellsRect(0, 0, 2, 2)],
        [section({ height: 0, borders: [mark("b", "soft"), mark("zz", "soft"), mark("a", "hard")] })],
      ),
    );
    s.regions.contents.push(
      new FakeRegion(
        "b",
        [cellsRect(5, 5, 2, 2)],
        [section({ height: 2, borders: [mark("a", "hard"), mark("c", "soft", -1)] })],
      ),
    );
    s.regions.contents.push(new FakeRegion("c", [cellsRect(8, 8, 1, 1)], [section({ height: 9 })]));
    const space = sections(compileScene(s, "sections"));
    expect(space.cellSection).toBeNull();
    expect(space.graph.map.borders).toEqual([
      { id: "a|b", a: "a", b: "b", kind: "hard", height: 2 },
      { id: "b|c", a: "b", b: "c", kind: "soft", height: -1 },
    ]);
  });
});

describe("zones and the grid derived from regions", () => {
  it("FAC-06 zones that share an edge are neighbours unless walls close every crossing", () => {
    const s = scene(6, 4, "zones");
    s.regions.contents.push(new FakeRegion("a", [cellsRect(0, 0, 3, 4)], [zone()]));
    s.regions.contents.push(new FakeRegion("b", [cellsRect(3, 0, 3, 4)], [zone()]));
    const open = compileScene(s, "zones");
    expect(open.model === "zones" && open.map.zones).toEqual([
      { id: "a", neighbours: ["b"] },
      { id: "b", neighbours: ["a"] },
    ]);
    s.walls.contents.push(wallLeftOf(3, 0, 4));
    const shut = compileScene(s, "zones");
    expect(shut.model === "zones" && shut.map.zones).toEqual([
      { id: "a", neighbours: [] },
      { id: "b", neighbours: [] },
    ]);
  });

  it("FAC-06 on a gridless scene zone neighbours are listed by the GM, from either side", () => {
    const s = new FakeScene("gl", new FakeGridlessGrid(), 10, 10);
    s.regions.contents.push(new FakeRegion("a", [cellsRect(0, 0, 2, 2)], [zone(["b", "ghost"])]));
    s.regions.contents.push(new FakeRegion("b", [cellsRect(4, 4, 2, 2)], [zone()]));
    const space = compileScene(s, "zones");
    expect(space.model === "zones" && space.map.zones).toEqual([
      { id: "a", neighbours: ["b"] },
      { id: "b", neighbours: ["a"] },
    ]);
  });

  it(
    "FAC-29 FAC-33 a zone's sight comes from its behaviour, on gridded and gridless scenes " +
      "alike; clear is left out",
    () => {
      const s = scene(6, 4, "zones");
      s.regions.contents.push(new FakeRegion("a", [cellsRect(0, 0, 3, 4)], [zone([], false, { sight: "obscured" })]));
      s.regions.contents.push(new FakeRegion("b", [cellsRect(3, 0, 3, 4)], [zone([], false, { sight: "hidden" })]));
      const gridded = compileScene(s, "zones");
      expect(gridded.model === "zones" && gridded.map.zones).toEqual([
        { id: "a", neighbours: ["b"], sight: "obscured" },
        { id: "b", neighbours: ["a"], sight: "hidden" },
      ]);
      const g = new FakeScene("gl", new FakeGridlessGrid(), 10, 10);
      g.regions.contents.push(new FakeRegion("a", [cellsRect(0, 0, 2, 2)], [zone(["b"], false, { sight: "hidden" })]));
      g.regions.contents.push(new FakeRegion("b", [cellsRect(4, 4, 2, 2)], [zone([], false, { sight: "clear" })]));
      const gridless = compileScene(g, "zones");
      expect(gridless.model === "zones" && gridless.map.zones).toEqual([
        { id: "a", neighbours: ["b"], sight: "hidden" },
        { id: "b", neighbours: ["a"] },
      ]);
    },
  );

  it("STR-23 STR-24 each square takes the Elevation and terrain of the region that owns it, else 0 and plain", () => {
    const s = scene(4, 2, "grid");
    s.regions.contents.push(new FakeRegion("hill", [cellsRect(0, 0, 2, 2)], [section({ height: 2 })]));
    s.regions.contents.push(
      new FakeRegion("rubble", [cellsRect(1, 0, 2, 1)], [section({ height: -1, terrain: "difficult" })]),
    );
    const space = compileScene(s, "grid");
    expect(space.model).toBe("grid");
    if (space.model !== "grid") return;
    expect(space.map).toEqual({
      width: 4,
      height: 2,
      elevation: [2, -1, -1, 0, 2, 2, 0, 0],
      difficult: [0, 1, 1, 0, 0, 0, 0, 0],
    });
  });

  it(
    "a scene without the flag takes the world rule set's model; 'none' and a gridless grid " +
      "scene compile to nothing",
    () => {
      const s = twoRooms();
      s.flags = {};
      expect(compileScene(s, "sections").model).toBe("sections");
      expect(compileScene(s, "grid").model).toBe("grid");
      expect(compileScene(s, "zones").model).toBe("zones");
      s.flags = { fray: { spaceModel: "none" } };
      expect(compileScene(s, "sections").model).toBe("none");
      const gridless = new FakeScene("gl", new FakeGridlessGrid(), 4, 4);
      expect(compileScene(gridless, "grid").model).toBe("none");
      // The core's grid is square (STR-14): a hexagonal scene is not measured by it.
      const hex = new FakeScene("hx", Object.assign(new FakeSquareGrid(S), { isSquare: false }), 4, 4);
      expect(compileScene(hex, "grid").model).toBe("none");
    },
  );
});

describe("the space cache", () => {
  function bus() {
    const handlers = new Map<string, ((...a: unknown[]) => unknown)[]>();
    return {
      on: (name: string, fn: (...a: unknown[]) => unknown) => handlers.set(name, [...(handlers.get(name) ?? []), fn]),
      call: (name: string, ...args: unknown[]) => (handlers.get(name) ?? []).forEach((fn) => fn(...args)),
    };
  }

  it("compiles a scene once, and again after a region, behaviour, wall or scene change on that scene only", () => {
    const s = twoRooms();
    const cache = new SpaceCache((x) => compileScene(x, "sections"));
    const hooks = bus();
    cache.watch(hooks);
    const first = cache.get(s);
    expect(cache.get(s)).toBe(first);
    expect(cache.builds).toBe(1);
    hooks.call("updateWall", { parent: { id: "other" } });
    expect(cache.get(s)).toBe(first);
    s.walls.contents.push(wallLeftOf(3, 0, 4));
    hooks.call("createWall", { parent: { id: "scene1" } });
    const walled = sections(cache.get(s));
    expect(walled.graph.map.borders[0]?.kind).toBe("hard");
    for (const [hook, doc] of [
      ["updateRegion", { parent: { id: "scene1" } }],
      ["deleteRegionBehavior", { parent: { id: "r", parent: { id: "scene1" } } }],
      ["updateScene", { id: "scene1" }],
    ] as const) {
      const before = cache.builds;
      hooks.call(hook, doc);
      cache.get(s);
      expect(cache.builds, hook).toBe(before + 1);
    }
  });
});
