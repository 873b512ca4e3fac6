import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyGridMove,
  gridOptions,
  queryGridMove,
  type GridCell,
  type GridMap,
  type GridRuleset,
  type GridState,
} from "../../../../src/core/space/grid/index.js";
import { c, piece } from "./fixtures.js";

const W = 8;
const H = 8;

const mapArb: fc.Arbitrary<GridMap> = fc
  .record({
    elevation: fc.array(fc.integer({ min: -3, max: 3 }), { minLength: W * H, maxLength: W * H }),
    difficult: fc.array(fc.constantFrom(0, 1), { minLength: W * H, maxLength: W * H }),
  })
  .map(({ elevation, difficult }) => ({ width: W, height: H, elevation, difficult }));

const cellArb = fc.record({ x: fc.integer({ min: 0, max: W - 1 }), y: fc.integer({ min: 0, max: H - 1 }) });
const stepArb = fc
  .record({ x: fc.integer({ min: -1, max: 1 }), y: fc.integer({ min: -1, max: 1 }) })
  .filter((d) => d.x !== 0 || d.y !== 0);

/** A random walk from `start` that stays on the map and off the `blocked` squares. */
function walkFrom(start: GridCell, steps: readonly GridCell[], blocked: readonly GridCell[]): GridCell[] {
  const path = [start];
  let here = start;
  for (const d of steps) {
    const next = { x: here.x + d.x, y: here.y + d.y };
    if (next.x < 0 || next.y < 0 || next.x >= W || next.y >= H) continue;
    if (blocked.some((b) => b.x === next.x && b.y === next.y)) continue;
    path.push(next);
    here = next;
  }
  return path;
}

describe("grid properties", () => {
  for (const ruleset of ["strain", "teams", "escalation"] as GridRuleset[]) {
    it(
      `STR-19 the cheapest path is never beaten by a random legal path ` +
        `(${ruleset}${ruleset === "teams" ? ", TEAM-45" : ""})`,
      () => {
        const options = gridOptions(ruleset, { descentChoice: "pay" });
        fc.assert(
          fc.property(
            mapArb,
            cellArb,
            fc.array(cellArb, { maxLength: 6 }),
            fc.array(stepArb, { maxLength: 12 }),
            (map, start, foes, steps) => {
              const enemies = foes.filter((f) => f.x !== start.x || f.y !== start.y);
              const state: GridState = {
                map,
                pieces: [
                  piece("a", "pc", start.x, start.y, { speed: 1000 }),
                  ...enemies.map((f, i) => piece(`e${i}`, "npc", f.x, f.y)),
                ].filter((p, i, all) => all.findIndex((q) => q.cell.x === p.cell.x && q.cell.y === p.cell.y) === i),
              };
              const path = walkFrom(start, steps, enemies);
              const random = queryGridMove(state, { mover: "a", mode: "walk", path }, { options });
              expect(random.ok).toBe(true);
              const best = queryGridMove(state, { mover: "a", mode: "walk", path, cheapest: true }, { options });
              expect(best.ok).toBe(true);
              if (random.ok && best.ok) {
                expect(best.cost).toBeLessThanOrEqual(random.cost);
                // and the path it returns really costs what it says
                const again = queryGridMove(state, { mover: "a", mode: "walk", path: best.path }, { options });
                expect(again.ok && again.cost).toBe(best.cost);
              }
            },
          ),
        );
      },
    );
  }

  it("STR-19 a refused move never changes the state (property)", () => {
    const options = gridOptions("strain");
    fc.assert(
      fc.property(
        mapArb,
        cellArb,
        cellArb,
        fc.integer({ min: 0, max: 5 }),
        fc.array(fc.record({ x: fc.integer({ min: -2, max: W + 1 }), y: fc.integer({ min: -2, max: H + 1 }) }), {
          maxLength: 8,
        }),
        fc.constantFrom("walk", "teleport", "push", "sneak", "fly"),
        (map, start, other, speed, rawPath, mode) => {
          const pieces = [piece("a", "pc", start.x, start.y, { speed })];
          if (other.x !== start.x || other.y !== start.y) pieces.push(piece("e", "npc", other.x, other.y));
          const state: GridState = { map, pieces };
          const before = JSON.parse(JSON.stringify(state)) as GridState;
          const query = { mover: "a", mode: mode as "walk", path: [start, ...rawPath] };
          const out = applyGridMove(state, query, {
            options,
            descentResults: ["failure", "failure", "failure", "failure", "failure", "failure", "failure", "failure"],
          });
          expect(state).toEqual(before);
          if (!out.ok) expect(out.key).toMatch(/^FRAY\.Refusal\./);
          else expect(JSON.parse(JSON.stringify(out.state))).toEqual(out.state);
        },
      ),
    );
  });

  it("STR-22 a Teleport does not depend on what lies between (property)", () => {
    const options = gridOptions("strain");
    fc.assert(
      fc.property(
        mapArb,
        mapArb,
        cellArb,
        cellArb,
        fc.array(cellArb, { maxLength: 10 }),
        (m1, m2, from, to, between) => {
          fc.pre(from.x !== to.x || from.y !== to.y);
          // the second map differs everywhere except the origin and destination squares
          const i = (p: GridCell) => p.y * W + p.x;
          const elevation = [...m2.elevation];
          const difficult = [...m2.difficult];
          for (const p of [from, to]) {
            elevation[i(p)] = m1.elevation[i(p)] ?? 0;
            difficult[i(p)] = m1.difficult[i(p)] ?? 0;
          }
          const other: GridMap = { ...m2, elevation, difficult };
          const mover = piece("a", "pc", from.x, from.y, { speed: 20 });
          const crowd = between
            .filter((b) => (b.x !== from.x || b.y !== from.y) && (b.x !== to.x || b.y !== to.y))
            .filter((b, k, all) => all.findIndex((q) => q.x === b.x && q.y === b.y) === k)
            .map((b, k) => piece(`x${k}`, k % 2 ? "pc" : "npc", b.x, b.y));
          const plain = queryGridMove({ map: m1, pieces: [mover] }, { mover: "a", mode: "teleport", to }, { options });
          const busy = queryGridMove(
            { map: other, pieces: [mover, ...crowd] },
            { mover: "a", mode: "teleport", to },
            { options },
          );
          expect(busy).toEqual(plain);
          expect(plain.ok && plain.cost).toBe(Math.max(Math.abs(from.x - to.x), Math.abs(from.y - to.y)));
        },
      ),
    );
  });

  it("STR-14 malformed states and queries are refused, never thrown (property)", () => {
    const options = gridOptions("strain");
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (state, query) => {
        const out = queryGridMove(state as GridState, query as never, { options });
        expect(out.ok).toBe(false);
      }),
    );
  });

  it("STR-14 squares outside the map, negative speed and malformed grids are refused with a key", () => {
    const options = gridOptions("strain");
    const map: GridMap = { width: 3, height: 3, elevation: Array(9).fill(0), difficult: Array(9).fill(0) };
    const ok: GridState = { map, pieces: [piece("a", "pc", 0, 0)] };
    const outside = queryGridMove(ok, { mover: "a", mode: "walk", path: [c(0, 0), c(-1, 0)] }, { options });
    expect(!outside.ok && outside.key).toBe("FRAY.Refusal.CellOutsideMap");
    expect(!outside.ok && outside.clause).toBe("STR-14");
    const to = queryGridMove(ok, { mover: "a", mode: "walk", to: c(3, 1) }, { options });
    expect(!to.ok && to.key).toBe("FRAY.Refusal.CellOutsideMap");
    const negative = queryGridMove(
      { map, pieces: [piece("a", "pc", 0, 0, { speed: -1 })] },
      { mover: "a", mode: "walk", to: c(1, 1) },
      { options },
    );
    expect(!negative.ok && negative.key).toBe("FRAY.Refusal.NegativeSpeed");
    const standsOutside = queryGridMove(
      { map, pieces: [piece("a", "pc", 5, 0)] },
      { mover: "a", mode: "walk", to: c(1, 1) },
      { options },
    );
    expect(!standsOutside.ok && standsOutside.key).toBe("FRAY.Refusal.CellOutsideMap");
    for (const bad of [
      { ...map, width: 0 },
      { ...map, elevation: [0, 0] },
      { ...map, difficult: Array(9).fill(2) },
      { ...map, height: 2.5 },
    ]) {
      const r = queryGridMove(
        { map: bad, pieces: [piece("a", "pc", 0, 0)] },
        { mover: "a", mode: "walk", to: c(1, 1) },
        { options },
      );
      expect(!r.ok && r.key).toBe("FRAY.Refusal.MalformedGrid");
    }
    const unknown = queryGridMove(ok, { mover: "zz", mode: "walk", to: c(1, 1) }, { options });
    expect(!unknown.ok && unknown.key).toBe("FRAY.Refusal.UnknownMover");
    const fly = queryGridMove(ok, { mover: "a", mode: "fly", to: c(1, 1) }, { options });
    expect(!fly.ok && fly.key).toBe("FRAY.Refusal.MoveModeNotOnGrid");
    const notFromMover = queryGridMove(ok, { mover: "a", mode: "walk", path: [c(1, 0), c(2, 0)] }, { options });
    expect(!notFromMover.ok && notFromMover.key).toBe("FRAY.Refusal.PathNotFromMover");
  });
});
