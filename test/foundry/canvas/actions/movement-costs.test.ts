import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gridOptions } from "../../../../src/core/space/grid/grid-options.js";
import { queryGridMove } from "../../../../src/core/space/grid/grid-movement.js";
import type { GridCell } from "../../../../src/core/space/grid/grid-cell.js";
import type { RulesetId } from "../../../../src/core/rulesets.js";
import { MOVEMENT_ACTIONS } from "../../../../src/foundry/canvas/actions/movement-actions.js";
import { compileScene } from "../../../../src/foundry/canvas/space/scene-space.js";
import { SpaceCache } from "../../../../src/foundry/canvas/space/space-cache.js";
import { movementActionsFor } from "../../../../src/foundry/canvas/actions/register-movement-actions.js";
import type { Offset } from "../../../../src/foundry/canvas/space/scene-ports.js";
import { cellsRect, FakeRegion, FakeScene, FakeSquareGrid, section } from "../../../fakes/foundry-scene.js";
import { EN } from "../../../fakes/lang.js";
import { manifestOf } from "../../../../src/foundry/rulesets/index.js";

const DISPLACE = { label: "TOKEN.MOVEMENT.ACTIONS.displace.label", teleport: true, canSelect: () => false };

/** A 6x4 grid scene: a hill of Elevation 2 on columns 2-3, rubble (Difficult Terrain) on column 5, the rest flat. */
function hillScene(): FakeScene {
  const s = new FakeScene("g", new FakeSquareGrid(100), 6, 4);
  s.flags = { fray: { spaceModel: "grid" } };
  s.regions.contents.push(new FakeRegion("hill", [cellsRect(2, 0, 2, 4)], [section({ height: 2 })]));
  s.regions.contents.push(new FakeRegion("rubble", [cellsRect(5, 0, 1, 4)], [section({ terrain: "difficult" })]));
  return s;
}

/**
 * The cost Foundry would add up along a path of cells (offset = cell + the one-cell padding), through the action's cost
 * function.
 */
function pathCost(ruleset: RulesetId, scene: FakeScene, action: string, cells: readonly GridCell[]): number {
  const cache = new SpaceCache((x) => compileScene(x, manifestOf(ruleset).space));
  const config = movementActionsFor(ruleset, cache, DISPLACE)[action]!;
  const cost = (config.getCostFunction as (t: unknown) => (c: number, f: Offset, t: Offset, d: number) => number)({
    parent: scene,
  });
  let total = 0;
  for (let k = 1; k < cells.length; k++) {
    const [a, b] = [cells[k - 1]!, cells[k]!];
    total += cost(1, { i: a.y + 1, j: a.x + 1 }, { i: b.y + 1, j: b.x + 1 }, 1);
  }
  return total;
}

/** What the core says the same walk costs. */
function coreCost(ruleset: "strain" | "teams" | "escalation", scene: FakeScene, path: readonly GridCell[]): number {
  const space = compileScene(scene, manifestOf(ruleset).space);
  if (space.model !== "grid") throw new Error("not a grid");
  const piece = { id: "m", side: "pc", cell: path[0]!, speed: 1000, spent: 0 };
  const answer = queryGridMove(
    { map: space.map, pieces: [piece] },
    { mover: "m", mode: "walk", path },
    { options: gridOptions(ruleset) },
  );
  if (!answer.ok) throw new Error(answer.reason);
  return answer.cost;
}

const row = (y: number, xs: number[]) => xs.map((x) => ({ x, y }));

/**
 * Foundry's measure of a walk for a token of `size` x `size` squares, its top-left square at each of `cells`
 * (client/documents/token.mjs `#createSquareMovementCostFunction` and CONFIG.Token.movement.costAggregator in
 * client/config.mjs): for each step, the action's cost function once per occupied square, with the same two offset
 * objects reused from call to call and the token's waypoint as the segment, then the lower median of the results.
 */
function largePathCost(
  ruleset: RulesetId,
  scene: FakeScene,
  action: string,
  cells: readonly GridCell[],
  size: number,
): number {
  const cache = new SpaceCache((x) => compileScene(x, manifestOf(ruleset).space));
  const config = movementActionsFor(ruleset, cache, DISPLACE)[action]!;
  type Cost = (c: number, f: Offset, t: Offset, d: number, segment: object) => number;
  const cost = (config.getCostFunction as (t: unknown) => Cost)({ parent: scene, width: size, height: size });
  const segment = { width: size, height: size, action };
  const results = Array.from({ length: size * size }, () => ({
    from: { i: 0, j: 0, k: 0 },
    to: { i: 0, j: 0, k: 0 },
    cost: 0,
  }));
  let total = 0;
  for (let k = 1; k < cells.length; k++) {
    const [a, b] = [cells[k - 1]!, cells[k]!];
    for (let di = 0, l = 0; di < size; di++) {
      for (let dj = 0; dj < size; dj++, l++) {
        const r = results[l]!;
        Object.assign(r.from, { i: a.y + 1 + di, j: a.x + 1 + dj });
        Object.assign(r.to, { i: b.y + 1 + di, j: b.x + 1 + dj });
        r.cost = cost(1, r.from, r.to, 1, segment);
      }
    }
    results.sort((x, y) => x.cost - y.cost);
    total += results[(results.length - 1) >> 1]!.cost;
  }
  return total;
}

/**
 * The square under the centre of a token of `size` squares whose top-left square is `cell`: the one the GM's check
 * moves.
 */
const centreOf = (cell: GridCell, size: number): GridCell => ({
  x: cell.x + Math.floor(size / 2),
  y: cell.y + Math.floor(size / 2),
});

describe("movement costs through the token's cost function", () => {
  it(
    "STR-15 STR-25 a flat step costs 1, climbing 2 levels costs 1 + 1, coming down 2 levels (with " +
      "the descent roll) 1",
    () => {
      const s = hillScene();
      expect(pathCost("strain", s, "walk", row(0, [0, 1]))).toBe(1);
      expect(pathCost("strain", s, "walk", row(0, [1, 2]))).toBe(2);
      expect(pathCost("strain", s, "walk", row(0, [3, 4]))).toBe(1);
      expect(pathCost("strain", s, "walk", row(0, [0, 1, 2, 3, 4]))).toBe(
        coreCost("strain", s, row(0, [0, 1, 2, 3, 4])),
      );
    },
  );

  it("STR-23 leaving Difficult Terrain costs one more; entering it does not", () => {
    const s = hillScene();
    expect(pathCost("strain", s, "walk", row(1, [4, 5]))).toBe(1);
    expect(pathCost("strain", s, "walk", row(1, [5, 4]))).toBe(2);
  });

  it("TEAM-45 every second diagonal counts 2 (1, 2, 1, 2 ...), and the count starts again on a new path", () => {
    const s = new FakeScene("t", new FakeSquareGrid(100), 6, 6);
    s.flags = { fray: { spaceModel: "grid" } };
    const diagonal = [0, 1, 2, 3, 4].map((k) => ({ x: k, y: k }));
    expect(pathCost("teams", s, "walk", diagonal)).toBe(6);
    expect(pathCost("teams", s, "walk", diagonal)).toBe(coreCost("teams", s, diagonal));
    expect(pathCost("teams", s, "walk", diagonal.slice(0, 2))).toBe(1);
  });

  it("STR-22 a Teleport costs its distance and nothing in between", () => {
    const s = hillScene();
    expect(
      pathCost("strain", s, "teleport", [
        { x: 0, y: 0 },
        { x: 5, y: 3 },
      ]),
    ).toBe(5);
  });

  it(
    "STR-15 STR-23 STR-25 TEAM-45 on any map and path, the " + "cost function adds up to the core's cost of the walk",
    () => {
      const ruleset = fc.constantFrom("strain" as const, "teams" as const, "escalation" as const);
      const level = fc.integer({ min: -3, max: 3 });
      const steps = fc.array(
        fc.constantFrom(...[-1, 0, 1].flatMap((dx) => [-1, 0, 1].map((dy) => [dx, dy] as const))),
        {
          maxLength: 12,
        },
      );
      fc.assert(
        fc.property(
          ruleset,
          fc.array(fc.tuple(level, fc.boolean()), { minLength: 25, maxLength: 25 }),
          steps,
          (r, cells, moves) => {
            const s = new FakeScene("p", new FakeSquareGrid(100), 5, 5);
            s.flags = { fray: { spaceModel: "grid" } };
            cells.forEach(([h, rough], k) =>
              s.regions.contents.push(
                new FakeRegion(
                  `r${k}`,
                  [cellsRect(k % 5, Math.floor(k / 5), 1, 1)],
                  [section({ height: h, terrain: rough ? "difficult" : "normal" })],
                ),
              ),
            );
            const path: GridCell[] = [{ x: 2, y: 2 }];
            for (const [dx, dy] of moves) {
              const last = path[path.length - 1]!;
              const next = { x: last.x + dx, y: last.y + dy };
              if (next.x >= 0 && next.y >= 0 && next.x < 5 && next.y < 5 && (dx || dy)) path.push(next);
            }
            expect(pathCost(r, s, "walk", path)).toBe(coreCost(r, s, path));
          },
        ),
        { numRuns: 150 },
      );
    },
  );

  it("on a sections scene the cost is Foundry's own measure (borders are counted by the check, not per step)", () => {
    const s = hillScene();
    s.flags = { fray: { spaceModel: "sections" } };
    expect(pathCost("sections", s, "walk", row(0, [1, 2]))).toBe(1);
  });
});

describe("movement costs of a token larger than one square (Foundry asks once per square it covers)", () => {
  it("TEAM-45 a 2x2 token's diagonals count 1, 2, 1, 2 as its check counts them, not once per square", () => {
    const s = new FakeScene("t", new FakeSquareGrid(100), 8, 8);
    s.flags = { fray: { spaceModel: "grid" } };
    const diagonal = [0, 1, 2, 3, 4].map((k) => ({ x: k, y: k }));
    expect(largePathCost("teams", s, "walk", diagonal, 2)).toBe(6);
    expect(largePathCost("teams", s, "walk", diagonal, 2)).toBe(
      coreCost(
        "teams",
        s,
        diagonal.map((c) => centreOf(c, 2)),
      ),
    );
  });

  it("STR-23 STR-25 a 2x2 token pays for the square under its centre, as the GM's check charges it", () => {
    const s = hillScene();
    // The centre square climbs onto the hill (2 levels: 1 + 1) while the other squares it covers stay flat.
    expect(largePathCost("strain", s, "walk", row(0, [0, 1]), 2)).toBe(2);
    // Its centre leaves the rubble: one more, though three of its four squares do not.
    expect(largePathCost("strain", s, "walk", row(1, [4, 3]), 2)).toBe(coreCost("strain", s, row(2, [5, 4])));
  });

  it(
    "STR-15 STR-23 STR-25 TEAM-45 on any map and path, a 2x2 or 3x3 token's cost adds up to the core's cost " +
      "of its centre's walk",
    () => {
      const ruleset = fc.constantFrom("strain" as const, "teams" as const, "escalation" as const);
      const level = fc.integer({ min: -3, max: 3 });
      const steps = fc.array(
        fc.constantFrom(...[-1, 0, 1].flatMap((dx) => [-1, 0, 1].map((dy) => [dx, dy] as const))),
        {
          maxLength: 10,
        },
      );
      fc.assert(
        fc.property(
          ruleset,
          fc.constantFrom(2, 3),
          fc.array(fc.tuple(level, fc.boolean()), { minLength: 49, maxLength: 49 }),
          steps,
          (r, size, cells, moves) => {
            const s = new FakeScene("p", new FakeSquareGrid(100), 7, 7);
            s.flags = { fray: { spaceModel: "grid" } };
            cells.forEach(([h, rough], k) =>
              s.regions.contents.push(
                new FakeRegion(
                  `r${k}`,
                  [cellsRect(k % 7, Math.floor(k / 7), 1, 1)],
                  [section({ height: h, terrain: rough ? "difficult" : "normal" })],
                ),
              ),
            );
            const path: GridCell[] = [{ x: 2, y: 2 }];
            for (const [dx, dy] of moves) {
              const last = path[path.length - 1]!;
              const next = { x: last.x + dx, y: last.y + dy };
              if (next.x >= 0 && next.y >= 0 && next.x + size <= 7 && next.y + size <= 7 && (dx || dy)) path.push(next);
            }
            expect(largePathCost(r, s, "walk", path, size)).toBe(
              coreCost(
                r,
                s,
                path.map((c) => centreOf(c, size)),
              ),
            );
          },
        ),
        { numRuns: 100 },
      );
    },
  );

  it(
    "a step that only changes the token's elevation is left " + "at Foundry's own measure, as the cost function says",
    () => {
      const s = hillScene();
      const cache = new SpaceCache((x) => compileScene(x, manifestOf("strain").space));
      const config = movementActionsFor("strain", cache, DISPLACE).walk!;
      const cost = (config.getCostFunction as (t: unknown) => (c: number, f: Offset, t: Offset, d: number) => number)({
        parent: s,
      });
      // Foundry's offsets on a square grid carry the elevation step as k (3D measure).
      const [from, to] = [
        { i: 1, j: 1, k: 0 },
        { i: 1, j: 1, k: 1 },
      ];
      expect(cost(5, from, to, 5)).toBe(5);
    },
  );
});

describe("the rule sets' movement actions", () => {
  it(
    "SEC-07 ESC-12 ESC-46 STR-22 each rule set offers the actions its text names, each labelled, " +
      "plus Foundry's displace",
    () => {
      const cache = new SpaceCache(() => ({ model: "none" }));
      expect(Object.keys(movementActionsFor("sections", cache, DISPLACE))).toEqual([
        "walk",
        "climb",
        "swim",
        "phase",
        "fly",
        "teleport",
        "displace",
      ]);
      expect(Object.keys(movementActionsFor("escalation", cache, DISPLACE))).toEqual([
        "walk",
        "sneak",
        "swim",
        "climb",
        "crawl",
        "displace",
      ]);
      expect(Object.keys(movementActionsFor("strain", cache, null))).toEqual(["walk", "teleport"]);
      for (const list of Object.values(MOVEMENT_ACTIONS))
        for (const a of list) expect(`FRAY.Movement.Action.${a.id}` in EN, a.id).toBe(true);
      const sections = movementActionsFor("sections", cache, DISPLACE);
      // SEC-07: only Phase goes through walls; a Teleport skips what lies between.
      expect(
        Object.values(sections)
          .filter((a) => a.walls === null)
          .map((a) => a.label),
      ).toEqual(["FRAY.Movement.Action.phase", "FRAY.Movement.Action.teleport"]);
      expect(sections.teleport?.teleport).toBe(true);
    },
  );

  it(
    "SEC-07 canSelect is safe for a prototype token with no actor, and offers special movement only to the rule " +
      "set's actors holding its card",
    () => {
      const cache = new SpaceCache(() => ({ model: "none" }));
      const fly = movementActionsFor("sections", cache, DISPLACE).fly!.canSelect as (t: unknown) => boolean;
      const walk = movementActionsFor("sections", cache, DISPLACE).walk!.canSelect as (t: unknown) => boolean;
      const wings = { type: "sections-card", system: { movement: { kind: "fly", distance: 2, height: 0 } } };
      expect(fly(undefined)).toBe(false);
      expect(fly({ actor: null })).toBe(false);
      expect(fly({ actor: { type: "sections-entity" } })).toBe(false);
      expect(fly({ actor: { type: "sections-entity", items: { contents: [wings] } } })).toBe(true);
      expect(fly({ actor: { type: "strain-character", items: { contents: [wings] } } })).toBe(false);
      expect(walk(undefined)).toBe(true);
      expect(walk({ actor: { type: "strain-character" } })).toBe(true);
      // SEC-06: in a fight, a Fly a card played this turn grants is offered (another entity's card too), a card held is
      // not.
      const inFight = (kinds: string[]) =>
        movementActionsFor("sections", cache, DISPLACE, () => kinds.map((kind) => ({ kind }))).fly!.canSelect as (
          t: unknown,
        ) => boolean;
      expect(inFight(["fly"])({ actor: { type: "sections-entity" } })).toBe(true);
      expect(inFight([])({ actor: { type: "sections-entity", items: { contents: [wings] } } })).toBe(false);
    },
  );

  it("STR-22 Teleport is offered to a strain character with an ability tagged Teleport, and to no other", () => {
    const cache = new SpaceCache(() => ({ model: "none" }));
    const teleport = movementActionsFor("strain", cache, DISPLACE).teleport!.canSelect as (t: unknown) => boolean;
    const ability = (tags: unknown) => ({ type: "strain-ability", system: { tags } });
    const character = (...items: unknown[]) => ({ actor: { type: "strain-character", items: { contents: items } } });
    expect(teleport(character())).toBe(false);
    expect(teleport(character(ability(["ranged"])))).toBe(false);
    expect(teleport(character({ type: "strain-art", system: { tags: ["teleport"] } }))).toBe(false);
    expect(teleport(character(ability(["ranged", "teleport"])))).toBe(true);
    // Foundry prepares a tags field as a Set.
    expect(teleport(character(ability(new Set(["teleport"]))))).toBe(true);
  });
});
