import { describe, expect, it } from "vitest";
import { coverFrom, gridOptions, rangedBanes } from "../../../../src/core/space/grid/index.js";
import { c, mapOf, piece, stateOf } from "./fixtures.js";

const o = gridOptions("strain");

describe("cover and obstruction", () => {
  it(
    "STR-45 terrain 2+ levels above the target's square " + "gives cover against attacks from the far side and lower",
    () => {
      const s = stateOf(mapOf(10, 10, [[4, 5, 2]]));
      expect(coverFrom(s, c(5, 5), c(1, 5), o).cover).toBe(true);
      const low = stateOf(mapOf(10, 10, [[4, 5, 1]]));
      expect(coverFrom(low, c(5, 5), c(1, 5), o).cover).toBe(false);
      // an attacker as high as the cover source is not lower than it
      const perched = stateOf(
        mapOf(10, 10, [
          [4, 5, 2],
          [1, 5, 2],
        ]),
      );
      expect(coverFrom(perched, c(5, 5), c(1, 5), o).cover).toBe(false);
    },
  );

  it("STR-45 another character next to the target gives cover too", () => {
    const s = stateOf(mapOf(10, 10), piece("t", "pc", 5, 5), piece("shield", "npc", 4, 5), piece("x", "npc", 1, 5));
    const r = coverFrom(s, c(5, 5), c(1, 5), o);
    expect(r.cover).toBe(true);
    expect(r.sources).toEqual([c(4, 5)]);
  });

  it("STR-46 the far side lies beyond the line through the cover square perpendicular to target-cover", () => {
    const s = stateOf(mapOf(10, 10, [[4, 5, 2]]));
    expect(coverFrom(s, c(5, 5), c(7, 5), o).cover).toBe(false);
    expect(coverFrom(s, c(5, 5), c(3, 0), o).cover).toBe(true);
  });

  it("STR-46 an attacker exactly on the dividing line faces no cover by default (ruling, option)", () => {
    const s = stateOf(mapOf(10, 10, [[4, 5, 2]]));
    expect(coverFrom(s, c(5, 5), c(4, 9), o).cover).toBe(false);
    expect(coverFrom(s, c(5, 5), c(4, 9), gridOptions("strain", { coverOnDividingLine: true })).cover).toBe(true);
  });

  it("STR-47 (example) directly right of high ground: cover from anywhere left of the vertical line", () => {
    const s = stateOf(mapOf(10, 10, [[4, 5, 2]]));
    for (const a of [c(0, 0), c(3, 9), c(3, 5), c(0, 5)]) expect(coverFrom(s, c(5, 5), a, o).cover).toBe(true);
    for (const a of [c(4, 0), c(5, 0), c(9, 9), c(6, 5)]) expect(coverFrom(s, c(5, 5), a, o).cover).toBe(false);
  });

  it("STR-47 (example) diagonally down-right of high ground: cover from northwest of the diagonal through it", () => {
    const s = stateOf(mapOf(10, 10, [[4, 4, 2]]));
    for (const a of [c(1, 1), c(2, 5), c(5, 2), c(0, 7)]) expect(coverFrom(s, c(5, 5), a, o).cover).toBe(true);
    // on the lower-left to upper-right diagonal through (4,4), or south-east of it
    for (const a of [c(0, 8), c(8, 0), c(6, 6), c(9, 3)]) expect(coverFrom(s, c(5, 5), a, o).cover).toBe(false);
  });

  it("STR-48 an attack against a target with cover takes +1 Bane", () => {
    const s = stateOf(mapOf(10, 10, [[4, 5, 2]]));
    expect(coverFrom(s, c(5, 5), c(1, 5), o).banes).toBe(1);
    expect(coverFrom(s, c(5, 5), c(8, 5), o).banes).toBe(0);
  });

  it("STR-49 when both squares beside the cover square along the line also qualify, the path is Obstructed", () => {
    const wall = stateOf(
      mapOf(10, 10, [
        [4, 4, 2],
        [4, 5, 2],
        [4, 6, 3],
      ]),
    );
    expect(coverFrom(wall, c(5, 5), c(1, 5), o)).toMatchObject({ cover: true, obstructed: true });
    const gap = stateOf(
      mapOf(10, 10, [
        [4, 4, 2],
        [4, 5, 2],
      ]),
    );
    expect(coverFrom(gap, c(5, 5), c(1, 5), o)).toMatchObject({ cover: true, obstructed: false });
    // characters beside the cover square count as well
    const crowd = stateOf(mapOf(10, 10, [[4, 5, 2]]), piece("p", "pc", 4, 4), piece("q", "npc", 4, 6));
    expect(coverFrom(crowd, c(5, 5), c(1, 5), o).obstructed).toBe(true);
    // diagonal case: the squares beside run along the anti-diagonal
    const diag = stateOf(
      mapOf(10, 10, [
        [4, 4, 2],
        [5, 3, 2],
        [3, 5, 2],
      ]),
    );
    expect(coverFrom(diag, c(5, 5), c(1, 1), o).obstructed).toBe(true);
  });

  it("STR-42 a Ranged ability takes +1 Bane per enemy adjacent to its user", () => {
    const user = piece("u", "pc", 5, 5);
    const s = stateOf(
      mapOf(10, 10),
      user,
      piece("e1", "npc", 4, 4),
      piece("e2", "npc", 6, 5),
      piece("f", "pc", 5, 6),
      piece("e3", "npc", 7, 7),
    );
    expect(rangedBanes(s, user)).toBe(2);
  });
});
