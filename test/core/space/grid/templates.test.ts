import { describe, expect, it } from "vitest";
import {
  areaCells,
  auraCells,
  canPlaceTemplate,
  fitsCategory,
  lineCells,
  onMap,
  piecesInArea,
} from "../../../../src/core/space/grid/index.js";
import { c, mapOf, piece } from "./fixtures.js";

describe("areas, lines, auras and targets", () => {
  it("STR-30 an Area X is X by X squares", () => {
    const a = areaCells(c(2, 2), 3);
    expect(a).toHaveLength(9);
    expect(a).toContainEqual(c(4, 4));
    expect(a).not.toContainEqual(c(5, 2));
    expect(areaCells(c(0, 0), 0)).toEqual([]);
  });

  it("STR-30 a Line X is X consecutive squares along a row, a column or a diagonal", () => {
    expect(lineCells(c(1, 1), c(1, 0), 4)).toEqual([c(1, 1), c(2, 1), c(3, 1), c(4, 1)]);
    expect(lineCells(c(1, 1), c(0, 1), 2)).toEqual([c(1, 1), c(1, 2)]);
    expect(lineCells(c(5, 5), c(-1, -1), 3)).toEqual([c(5, 5), c(4, 4), c(3, 3)]);
    expect(lineCells(c(0, 0), c(2, 1), 3)).toBeNull();
    expect(lineCells(c(0, 0), c(0, 0), 3)).toBeNull();
  });

  it("STR-31 an Area or Line needs one square within range; at Range 0 it must include the user's square", () => {
    const user = c(0, 0);
    expect(canPlaceTemplate(user, areaCells(c(3, 3), 2), 3)).toBe(true);
    expect(canPlaceTemplate(user, areaCells(c(4, 4), 2), 3)).toBe(false);
    expect(canPlaceTemplate(user, lineCells(c(5, 0), c(1, 0), 3) ?? [], 4)).toBe(false);
    expect(canPlaceTemplate(user, areaCells(c(-1, -1), 3), 0)).toBe(true);
    expect(canPlaceTemplate(user, areaCells(c(1, 0), 3), 0)).toBe(false);
  });

  it("STR-32 an Aura X is every square within X of its bearer except its own, and moves with the bearer", () => {
    const here = auraCells(c(5, 5), 1);
    expect(here).not.toContainEqual(c(5, 5));
    expect(here).toContainEqual(c(6, 6));
    const moved = auraCells(c(7, 5), 1);
    expect(moved).toContainEqual(c(8, 6));
    expect(moved).not.toContainEqual(c(5, 5));
  });

  it("STR-33 (example) Aura 1 covers 8 squares, Aura 2 covers 24", () => {
    expect(auraCells(c(5, 5), 1)).toHaveLength(8);
    expect(auraCells(c(5, 5), 2)).toHaveLength(24);
    // near the map edge only the squares on the map count
    expect(onMap(mapOf(10, 10), auraCells(c(0, 0), 1))).toHaveLength(3);
  });

  it("STR-34 Self, Ally, Enemy and Character", () => {
    const user = piece("u", "pc", 0, 0);
    const friend = piece("f", "pc", 1, 0);
    const foe = piece("e", "npc", 2, 0);
    expect(fitsCategory(user, user, "self")).toBe(true);
    expect(fitsCategory(user, friend, "self")).toBe(false);
    expect(fitsCategory(user, friend, "ally")).toBe(true);
    expect(fitsCategory(user, user, "ally")).toBe(false);
    expect(fitsCategory(user, foe, "enemy")).toBe(true);
    expect(fitsCategory(user, friend, "enemy")).toBe(false);
    expect([user, friend, foe].every((p) => fitsCategory(user, p, "character"))).toBe(true);
  });

  it("STR-35 an area affects every character in it unless otherwise specified", () => {
    const user = piece("u", "pc", 0, 0);
    const pieces = [user, piece("f", "pc", 1, 1), piece("e", "npc", 2, 2), piece("far", "npc", 5, 5)];
    const area = areaCells(c(0, 0), 3);
    expect(piecesInArea(pieces, area, user).map((p) => p.id)).toEqual(["u", "f", "e"]);
    expect(piecesInArea(pieces, area, user, "enemy").map((p) => p.id)).toEqual(["e"]);
  });
});
