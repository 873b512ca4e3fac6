import { describe, expect, it } from "vitest";
import {
  flankingAccuracy,
  gridOptions,
  inMeleeZone,
  isFlanking,
  meleeZoneCells,
  movementAllowance,
  queryGridMove,
  type GridMoveContext,
} from "../../../../src/core/space/grid/index.js";
import { c, mapOf, piece, run, stateOf } from "./fixtures.js";

const esc: GridMoveContext = { options: gridOptions("escalation") };
const freeHits = (r: ReturnType<typeof queryGridMove>) => (r.ok ? r.events.filter((e) => e.type === "free-hit") : []);

describe("escalation grid movement", () => {
  it("ESC-37 a unit's melee zone is every adjacent square", () => {
    const e = piece("e", "foe", 5, 5);
    expect(meleeZoneCells(e)).toHaveLength(8);
    expect(inMeleeZone(e, c(6, 6))).toBe(true);
    expect(inMeleeZone(e, c(7, 5))).toBe(false);
    expect(inMeleeZone(e, c(5, 5))).toBe(false);
  });

  it("ESC-60 Reach extends the melee zone to 2 spaces around", () => {
    const e = piece("e", "foe", 5, 5, { reach: true });
    expect(meleeZoneCells(e)).toHaveLength(24);
    expect(inMeleeZone(e, c(7, 7))).toBe(true);
    expect(inMeleeZone(e, c(8, 5))).toBe(false);
    const s = stateOf(mapOf(10, 10), piece("a", "hero", 5, 6), e);
    const r = queryGridMove(s, { mover: "a", mode: "walk", path: run(c(5, 6), c(5, 8)) }, esc);
    expect(freeHits(r)).toEqual([
      { type: "free-hit", clause: "ESC-39", by: "e", against: "a", at: 2, why: "left-melee-zone" },
    ]);
  });

  it("ESC-39 moving out of an enemy's melee zone gives it a free hit", () => {
    const s = stateOf(mapOf(10, 10), piece("a", "hero", 5, 6), piece("e", "foe", 5, 5), piece("f", "hero", 4, 5));
    const r = queryGridMove(s, { mover: "a", mode: "walk", path: run(c(5, 6), c(5, 8)) }, esc);
    // f is an ally: only e strikes
    expect(freeHits(r)).toEqual([
      { type: "free-hit", clause: "ESC-39", by: "e", against: "a", at: 1, why: "left-melee-zone" },
    ]);
  });

  it("ESC-39 moving 3 or more spaces within a melee zone gives a free hit, 2 does not", () => {
    const s = stateOf(mapOf(10, 10), piece("a", "hero", 4, 4), piece("e", "foe", 5, 5));
    const two = queryGridMove(s, { mover: "a", mode: "walk", path: [c(4, 4), c(5, 4), c(6, 4)] }, esc);
    expect(freeHits(two)).toEqual([]);
    const three = queryGridMove(s, { mover: "a", mode: "walk", path: [c(4, 4), c(5, 4), c(6, 4), c(6, 5)] }, esc);
    expect(freeHits(three)).toEqual([
      { type: "free-hit", clause: "ESC-39", by: "e", against: "a", at: 3, why: "moved-within" },
    ]);
  });

  it("ESC-39 a unit that never was in the zone provokes nothing, and a push provokes nothing (ruling)", () => {
    const s = stateOf(mapOf(10, 10), piece("a", "hero", 0, 0), piece("e", "foe", 5, 5));
    expect(freeHits(queryGridMove(s, { mover: "a", mode: "walk", path: run(c(0, 0), c(4, 0)) }, esc))).toEqual([]);
    const t = stateOf(mapOf(10, 10), piece("a", "hero", 5, 6), piece("e", "foe", 5, 5));
    expect(freeHits(queryGridMove(t, { mover: "a", mode: "push", path: run(c(5, 6), c(5, 8)) }, esc))).toEqual([]);
  });

  it("ESC-43 a disengaged unit leaves melee zones without provoking free hits", () => {
    const s = stateOf(mapOf(10, 10), piece("a", "hero", 5, 6, { disengaged: true }), piece("e", "foe", 5, 5));
    expect(freeHits(queryGridMove(s, { mover: "a", mode: "walk", path: run(c(5, 6), c(5, 8)) }, esc))).toEqual([]);
    // ruling: disengaging covers leaving; moving 3+ within still provokes unless the table extends it
    const t = stateOf(mapOf(10, 10), piece("a", "hero", 4, 4, { disengaged: true }), piece("e", "foe", 5, 5));
    const within = { mover: "a", mode: "walk" as const, path: [c(4, 4), c(5, 4), c(6, 4), c(6, 5)] };
    expect(freeHits(queryGridMove(t, within, esc))).toHaveLength(1);
    expect(
      freeHits(queryGridMove(t, within, { options: gridOptions("escalation", { disengageCoversWithin: true }) })),
    ).toEqual([]);
  });

  it("ESC-12 movement is halved while sneaking, swimming, climbing or carrying maximum capacity", () => {
    const o = esc.options;
    const u = piece("u", "hero", 0, 0, { speed: 6 });
    expect(movementAllowance(u, "walk", o)).toBe(6);
    expect(movementAllowance(u, "sneak", o)).toBe(3);
    expect(movementAllowance(u, "swim", o)).toBe(3);
    expect(movementAllowance(u, "climb", o)).toBe(3);
    expect(movementAllowance({ ...u, carryingMax: true }, "walk", o)).toBe(3);
    const s = stateOf(mapOf(10, 1), u);
    const r = queryGridMove(s, { mover: "u", mode: "sneak", path: run(c(0, 0), c(4, 0)) }, esc);
    expect(!r.ok && r.clause).toBe("STR-19");
    expect(queryGridMove(s, { mover: "u", mode: "sneak", path: run(c(0, 0), c(3, 0)) }, esc).ok).toBe(true);
  });

  it("ESC-12 odd values round down by default and halvings do not stack (rulings, options)", () => {
    const odd = piece("u", "hero", 0, 0, { speed: 7 });
    expect(movementAllowance(odd, "sneak", esc.options)).toBe(3);
    expect(movementAllowance(odd, "sneak", gridOptions("escalation", { movementRounding: "up" }))).toBe(4);
    const loaded = piece("u", "hero", 0, 0, { speed: 6, carryingMax: true });
    expect(movementAllowance(loaded, "climb", esc.options)).toBe(3);
    expect(movementAllowance(loaded, "climb", gridOptions("escalation", { halvingStacks: true }))).toBe(1);
  });

  it("ESC-46 a prone unit moves only a third of its movement", () => {
    const u = piece("u", "hero", 0, 0, { speed: 6 });
    expect(movementAllowance(u, "crawl", esc.options)).toBe(2);
    const seven = { ...u, speed: 7, prone: true };
    expect(movementAllowance(seven, "walk", esc.options)).toBe(2);
    expect(movementAllowance(seven, "walk", gridOptions("escalation", { movementRounding: "up" }))).toBe(3);
    const s = stateOf(mapOf(10, 1), u);
    expect(queryGridMove(s, { mover: "u", mode: "crawl", path: run(c(0, 0), c(3, 0)) }, esc).ok).toBe(false);
  });

  it("ESC-59 Maneuverer moves normally while sneaking or swimming, but climbing and max capacity still halve", () => {
    const m = piece("m", "hero", 0, 0, { speed: 6, maneuverer: true });
    expect(movementAllowance(m, "sneak", esc.options)).toBe(6);
    expect(movementAllowance(m, "swim", esc.options)).toBe(6);
    expect(movementAllowance(m, "climb", esc.options)).toBe(3);
    expect(movementAllowance({ ...m, carryingMax: true }, "sneak", esc.options)).toBe(3);
  });

  it("ESC-62 Athlete grants 2 more movement spaces", () => {
    const a = piece("a", "hero", 0, 0, { speed: 6, athlete: true });
    expect(movementAllowance(a, "walk", esc.options)).toBe(8);
    // added after halving, like the ESC-09 boosts (ruling)
    expect(movementAllowance(a, "sneak", esc.options)).toBe(5);
    expect(movementAllowance({ ...a, prone: true }, "walk", esc.options)).toBe(4);
    expect(movementAllowance({ ...a, boostSpaces: 2 }, "sneak", esc.options)).toBe(7);
    const s = stateOf(mapOf(10, 1), a);
    expect(queryGridMove(s, { mover: "a", mode: "walk", path: run(c(0, 0), c(8, 0)) }, esc).ok).toBe(true);
  });

  it("ESC-16 flanking: attacking with an ally of the attacker directly opposite gives +1 accuracy (ruling)", () => {
    const t = piece("t", "foe", 5, 5);
    const a = piece("a", "hero", 4, 5);
    const s = stateOf(mapOf(10, 10), t, a, piece("b", "hero", 6, 5));
    expect(isFlanking(s, a, t, esc.options)).toBe(true);
    expect(flankingAccuracy(s, a, t, esc.options)).toBe(1);
    const diagonal = stateOf(mapOf(10, 10), t, { ...a, cell: c(4, 4) }, piece("b", "hero", 6, 6));
    expect(isFlanking(diagonal, { ...a, cell: c(4, 4) }, t, esc.options)).toBe(true);
    const offLine = stateOf(mapOf(10, 10), t, a, piece("b", "hero", 6, 6));
    expect(isFlanking(offLine, a, t, esc.options)).toBe(false);
    const foeOpposite = stateOf(mapOf(10, 10), t, a, piece("x", "foe", 6, 5));
    expect(isFlanking(foeOpposite, a, t, esc.options)).toBe(false);
    expect(isFlanking(s, a, t, gridOptions("escalation", { flanking: "off" }))).toBe(false);
  });
});
