// A map is compiled once and reused by identity; reusing it must never change an answer.
import { describe, expect, it } from "vitest";
import { gridOptions, queryGridMove } from "../../../src/core/space/grid/index.js";
import { compileMap } from "../../../src/core/space/sections/index.js";
import { c, mapOf, piece, stateOf } from "./grid/fixtures.js";
import { hard, sec, soft } from "./sections/fixtures.js";

describe("compiled maps are reused by identity", () => {
  it("SEC-01 the same map object compiles to the same graph, and the graph's own map to it too", () => {
    const map = { sections: [sec("a"), sec("b")], borders: [soft("ab", "a", "b")] };
    const first = compileMap(map);
    if (!first.ok) throw new Error(first.reason);
    expect(compileMap(map)).toBe(first);
    expect(compileMap(first.graph.map)).toBe(first);
    // a new map object with other borders is compiled afresh
    const other = compileMap({ sections: map.sections, borders: [hard("ab", "a", "b")] });
    if (!other.ok) throw new Error(other.reason);
    expect(other.graph.adjacency[0]![0]!.hard).toBe(true);
    expect(first.graph.adjacency[0]![0]!.hard).toBe(false);
  });

  it("SEC-01 a map object whose border list was swapped is compiled again, and a bad one still refused", () => {
    const map: { sections: unknown[]; borders: unknown[] } = {
      sections: [sec("a"), sec("b")],
      borders: [soft("ab", "a", "b")],
    };
    expect(compileMap(map).ok).toBe(true);
    map.borders = [soft("ab", "a", "nowhere")];
    const again = compileMap(map);
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.key).toBe("FRAY.Refusal.UnknownSection");
  });

  it("STR-14 a grid map checked once is refused again after its elevation list is swapped for a bad one", () => {
    const map = mapOf(3, 3);
    const s = stateOf(map, piece("a", "pc", 0, 0));
    expect(queryGridMove(s, { mover: "a", mode: "walk", to: c(2, 2) }, { options: gridOptions("strain") }).ok).toBe(
      true,
    );
    const bad = { ...map, elevation: [0.5, 0, 0, 0, 0, 0, 0, 0, 0] };
    const r = queryGridMove(
      stateOf(bad, piece("a", "pc", 0, 0)),
      { mover: "a", mode: "walk", to: c(2, 2) },
      { options: gridOptions("strain") },
    );
    expect(r.ok).toBe(false);
  });

  it(
    "STR-21 searches on one map share its arrays without leaking: a square blocked in one search " +
      "is free in the next",
    () => {
      const map = mapOf(5, 1);
      const o = { options: gridOptions("strain") };
      const blocked = queryGridMove(
        stateOf(map, piece("a", "pc", 0, 0), piece("e", "npc", 2, 0)),
        { mover: "a", mode: "walk", to: c(4, 0) },
        o,
      );
      expect(blocked.ok).toBe(false);
      const free = queryGridMove(stateOf(map, piece("a", "pc", 0, 0)), { mover: "a", mode: "walk", to: c(4, 0) }, o);
      expect(free.ok && free.cost).toBe(4);
      // and the same search twice gives the same path
      const again = queryGridMove(stateOf(map, piece("a", "pc", 0, 0)), { mover: "a", mode: "walk", to: c(4, 0) }, o);
      expect(again).toEqual(free);
    },
  );
});
