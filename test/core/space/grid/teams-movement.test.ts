import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  alternatingDistance,
  applyGridMove,
  gridOptions,
  queryGridMove,
  startMovePhase,
} from "../../../../src/core/space/grid/index.js";
import { c, mapOf, piece, run, stateOf } from "./fixtures.js";

const teams = { options: gridOptions("teams") };

describe("teams grid movement", () => {
  it("TEAM-45 every second diagonal counts 2 m: 1, 2, 1, 2", () => {
    const s = stateOf(mapOf(10, 10), piece("a", "red", 0, 0, { speed: 10 }));
    const costs = [1, 2, 3, 4].map((n) => {
      const r = queryGridMove(s, { mover: "a", mode: "walk", path: run(c(0, 0), c(n, n)) }, teams);
      return r.ok ? r.cost : -1;
    });
    expect(costs).toEqual([1, 3, 4, 6]);
    const straight = queryGridMove(s, { mover: "a", mode: "walk", path: run(c(0, 0), c(4, 0)) }, teams);
    expect(straight.ok && straight.cost).toBe(4);
  });

  it("TEAM-45 speed in metres limits diagonal moves", () => {
    const s = stateOf(mapOf(10, 10), piece("a", "red", 0, 0, { speed: 3 }));
    expect(queryGridMove(s, { mover: "a", mode: "walk", path: run(c(0, 0), c(2, 2)) }, teams).ok).toBe(true);
    expect(queryGridMove(s, { mover: "a", mode: "walk", path: run(c(0, 0), c(3, 3)) }, teams).ok).toBe(false);
    const best = queryGridMove(s, { mover: "a", mode: "walk", to: c(3, 1) }, teams);
    expect(best.ok && best.cost).toBe(3);
  });

  it("TEAM-45 the diagonal count restarts each move by default, or runs through the turn (option)", () => {
    const s = stateOf(mapOf(10, 10), piece("a", "red", 0, 0, { speed: 10 }));
    const first = applyGridMove(s, { mover: "a", mode: "walk", path: [c(0, 0), c(1, 1)] }, teams);
    expect(first.ok && first.state.pieces[0]?.diagonals).toBe(1);
    if (!first.ok) return;
    const again = queryGridMove(first.state, { mover: "a", mode: "walk", path: [c(1, 1), c(2, 2)] }, teams);
    expect(again.ok && again.cost).toBe(1);
    const running = { options: gridOptions("teams", { diagonalCountResets: "each-turn" }) };
    const carried = queryGridMove(first.state, { mover: "a", mode: "walk", path: [c(1, 1), c(2, 2)] }, running);
    expect(carried.ok && carried.cost).toBe(2);
    const carriedBest = queryGridMove(first.state, { mover: "a", mode: "walk", to: c(2, 2) }, running);
    expect(carriedBest.ok && carriedBest.cost).toBe(2);
    const turn = startMovePhase(first.state, "a");
    const fresh = turn.ok
      ? queryGridMove(turn.state, { mover: "a", mode: "walk", path: [c(1, 1), c(2, 2)] }, running)
      : turn;
    expect(fresh.ok && fresh.cost).toBe(1);
  });

  it("TEAM-45 on an open flat map the cheapest walk costs exactly the 1 m / 2 m diagonal distance (property)", () => {
    const cell = fc.record({ x: fc.integer({ min: 0, max: 11 }), y: fc.integer({ min: 0, max: 11 }) });
    fc.assert(
      fc.property(cell, cell, fc.boolean(), (from, to, oddBefore) => {
        const s = stateOf(
          mapOf(12, 12),
          piece("a", "red", from.x, from.y, { speed: 100, diagonals: oddBefore ? 1 : 0 }),
        );
        const ctx = { options: gridOptions("teams", { diagonalCountResets: "each-turn" }) };
        const r = queryGridMove(s, { mover: "a", mode: "walk", to }, ctx);
        expect(r.ok && r.cost).toBe(alternatingDistance(from, to, oddBefore));
      }),
    );
  });

  it("TEAM-45 a Teleport measures its distance in the same metres", () => {
    const s = stateOf(mapOf(10, 10), piece("a", "red", 0, 0, { speed: 10 }));
    const r = queryGridMove(s, { mover: "a", mode: "teleport", to: c(4, 4) }, teams);
    expect(r.ok && r.cost).toBe(6);
  });
});
