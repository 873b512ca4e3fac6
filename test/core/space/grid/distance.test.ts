import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { alternatingDistance, gridDistance, isAdjacent, neighbours } from "../../../../src/core/space/grid/index.js";
import { inRange } from "../../../../src/core/space/grid/index.js";
import { c } from "./fixtures.js";

const cell = fc.record({ x: fc.integer({ min: -500, max: 500 }), y: fc.integer({ min: -500, max: 500 }) });

describe("grid distance", () => {
  it("STR-14 every square has 8 adjacent squares, orthogonal and diagonal", () => {
    const ns = neighbours(c(5, 5));
    expect(ns).toHaveLength(8);
    expect(new Set(ns.map((n) => `${n.x},${n.y}`)).size).toBe(8);
    expect(ns.every((n) => isAdjacent(n, c(5, 5)))).toBe(true);
    expect(ns).toContainEqual(c(6, 6));
    expect(ns).toContainEqual(c(5, 4));
  });

  it("STR-16 distance is the larger of the column and row differences", () => {
    expect(gridDistance(c(0, 0), c(3, 1))).toBe(3);
    expect(gridDistance(c(2, 9), c(4, 1))).toBe(8);
    expect(gridDistance(c(4, 4), c(4, 4))).toBe(0);
  });

  it("STR-17 (example) a square 7 west and 4 north is 7 squares away", () => {
    const here = c(10, 10);
    const there = c(here.x - 7, here.y - 4);
    expect(gridDistance(here, there)).toBe(7);
  });

  it("STR-18 Range X reaches anything at distance X or less", () => {
    expect(inRange(c(0, 0), c(3, 2), 3)).toBe(true);
    expect(inRange(c(0, 0), c(4, 2), 3)).toBe(false);
  });

  it("STR-16 distance is symmetric (property)", () => {
    fc.assert(fc.property(cell, cell, (a, b) => gridDistance(a, b) === gridDistance(b, a)));
  });

  it("STR-16 distance obeys the triangle inequality and is 0 only on the same square (property)", () => {
    fc.assert(
      fc.property(cell, cell, cell, (a, b, m) => {
        expect(gridDistance(a, b)).toBeLessThanOrEqual(gridDistance(a, m) + gridDistance(m, b));
        expect(gridDistance(a, b) === 0).toBe(a.x === b.x && a.y === b.y);
      }),
    );
  });

  it("TEAM-45 every second diagonal counts 2 m: 1, 2, 1, 2 ...", () => {
    expect(alternatingDistance(c(0, 0), c(1, 1))).toBe(1);
    expect(alternatingDistance(c(0, 0), c(2, 2))).toBe(3);
    expect(alternatingDistance(c(0, 0), c(3, 3))).toBe(4);
    expect(alternatingDistance(c(0, 0), c(4, 4))).toBe(6);
    expect(alternatingDistance(c(0, 0), c(5, 2))).toBe(6);
    // a diagonal already counted earlier makes the next one a 2 m diagonal
    expect(alternatingDistance(c(0, 0), c(1, 1), true)).toBe(2);
  });
});
