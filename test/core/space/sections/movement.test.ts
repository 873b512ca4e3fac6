import { describe, expect, it } from "vitest";
import { scriptedRoller } from "../../../../src/core/shared/roller.js";
import {
  applyMove,
  queryMove,
  sectionsOptions,
  startTurn,
  type SectionMoveAnswer,
} from "../../../../src/core/space/sections/index.js";
import { battleOf, ent, graphOf, hallway, hard, sec, soft } from "./fixtures.js";

function refusedBy(a: SectionMoveAnswer): [string, string | undefined] {
  return a.ok ? ["ok", undefined] : [a.key, a.clause];
}

describe("sections movement", () => {
  const g = hallway(5);
  const b = battleOf(g, [ent("m", "s0")]);

  it("SEC-03 Move 3 crosses up to three soft borders, not four", () => {
    const three = queryMove(g, b, { mover: "m", mode: "walk", n: 3, path: ["s0", "s1", "s2", "s3"] });
    expect(three.ok && [three.cost, three.end]).toEqual([3, "s3"]);
    const four = queryMove(g, b, { mover: "m", mode: "walk", n: 3, path: ["s0", "s1", "s2", "s3", "s4"] });
    expect(refusedBy(four)).toEqual(["FRAY.Refusal.MoveTooShort", "SEC-03"]);
  });

  it("SEC-03 an ordinary Move never crosses a hard border", () => {
    const w = graphOf([sec("a"), sec("b")], [hard("wall", "a", "b")]);
    const r = queryMove(w, battleOf(w, [ent("m", "a")]), { mover: "m", mode: "walk", n: 5, path: ["a", "b"] });
    expect(refusedBy(r)).toEqual(["FRAY.Refusal.HardBorder", "SEC-03"]);
  });

  it("SEC-03 a negative or fractional Move number is refused", () => {
    expect(refusedBy(queryMove(g, b, { mover: "m", mode: "walk", n: -1, to: "s1" }))[0]).toBe(
      "FRAY.Refusal.InvalidMoveNumber",
    );
    expect(refusedBy(queryMove(g, b, { mover: "m", mode: "walk", n: 1.5, to: "s1" }))[0]).toBe(
      "FRAY.Refusal.InvalidMoveNumber",
    );
  });

  it("SEC-04 every entity has an innate Move 1 unless stated otherwise, on its own turn", () => {
    const one = queryMove(g, b, { mover: "m", mode: "walk", to: "s1" });
    expect(one.ok && one.cost).toBe(1);
    expect(refusedBy(queryMove(g, b, { mover: "m", mode: "walk", to: "s2" }))).toEqual([
      "FRAY.Refusal.MoveTooShort",
      "SEC-03",
    ]);
    const big = battleOf(g, [ent("m", "s0", "pc", { innateMove: 2 })]);
    expect(queryMove(g, big, { mover: "m", mode: "walk", to: "s2" }).ok).toBe(true);
    const notMine = queryMove(g, b, { mover: "m", mode: "walk", to: "s1", turn: { ownTurn: false, step: "drawn" } });
    expect(refusedBy(notMine)).toEqual(["FRAY.Refusal.NotYourTurn", "SEC-04"]);
  });

  it("SEC-05 the innate Move is once per turn, between the draw and the discard", () => {
    const before = queryMove(g, b, { mover: "m", mode: "walk", to: "s1", turn: { ownTurn: true, step: "beforeDraw" } });
    expect(refusedBy(before)).toEqual(["FRAY.Refusal.MoveBeforeDraw", "SEC-05"]);
    const after = queryMove(g, b, { mover: "m", mode: "walk", to: "s1", turn: { ownTurn: true, step: "discarded" } });
    expect(refusedBy(after)).toEqual(["FRAY.Refusal.MoveAfterDiscard", "SEC-05"]);
    const moved = applyMove(g, b, { mover: "m", mode: "walk", to: "s1", turn: { ownTurn: true, step: "drawn" } });
    expect(moved.ok).toBe(true);
    if (!moved.ok) return;
    expect(moved.state.entities.m!.section).toBe("s1");
    const again = applyMove(g, moved.state, { mover: "m", mode: "walk", to: "s2" });
    expect(refusedBy(again as SectionMoveAnswer)).toEqual(["FRAY.Refusal.InnateMoveUsed", "SEC-05"]);
    const next = startTurn(moved.state, "m");
    expect(next.ok && applyMove(g, next.state, { mover: "m", mode: "walk", to: "s2" }).ok).toBe(true);
  });

  it("SEC-06 Moves granted by cards do not use up the innate Move", () => {
    const granted = applyMove(g, b, { mover: "m", mode: "walk", n: 2, to: "s2" });
    expect(granted.ok).toBe(true);
    if (!granted.ok) return;
    expect(granted.state.entities.m!.innateMoveUsed).toBeFalsy();
    expect(applyMove(g, granted.state, { mover: "m", mode: "walk", to: "s3" }).ok).toBe(true);
    // Ruling SEC-06: granted Moves may come outside the window unless the option says otherwise.
    const outside = { mover: "m", mode: "walk", n: 2, to: "s2", turn: { ownTurn: false, step: "discarded" } } as const;
    expect(queryMove(g, b, outside).ok).toBe(true);
    expect(refusedBy(queryMove(g, b, outside, sectionsOptions({ grantedMoveWindow: "drawToDiscard" })))).toEqual([
      "FRAY.Refusal.GrantedMoveOutsideWindow",
      "SEC-06",
    ]);
  });

  it("SEC-07 Phase keeps its number and crosses hard borders; Fly does not", () => {
    const w = graphOf([sec("a"), sec("b"), sec("c")], [hard("wall", "a", "b"), soft("bc", "b", "c")]);
    const wb = battleOf(w, [ent("m", "a")]);
    const p = queryMove(w, wb, { mover: "m", mode: "phase", n: 2, path: ["a", "b", "c"] });
    expect(p.ok && [p.cost, p.end]).toEqual([2, "c"]);
    expect(refusedBy(queryMove(w, wb, { mover: "m", mode: "phase", n: 1, path: ["a", "b", "c"] }))[1]).toBe("SEC-07");
    expect(refusedBy(queryMove(w, wb, { mover: "m", mode: "fly", n: 2, path: ["a", "b"] }))).toEqual([
      "FRAY.Refusal.HardBorder",
      "SEC-07",
    ]);
    expect(refusedBy(queryMove(w, wb, { mover: "m", mode: "crawl", n: 2, path: ["a", "b"] }))[0]).toBe(
      "FRAY.Refusal.UnsupportedMoveMode",
    );
  });

  it("SEC-08 Fly ignores Height up and down (no climb, no fall)", () => {
    const h = hallway(3, [5, -4]);
    const r = queryMove(h, battleOf(h, [ent("m", "s0")]), { mover: "m", mode: "fly", n: 2, path: ["s0", "s1", "s2"] });
    expect(r.ok && [r.end, r.events.length]).toEqual(["s2", 0]);
    expect(
      refusedBy(
        queryMove(h, battleOf(h, [ent("m", "s0")]), { mover: "m", mode: "walk", n: 2, path: ["s0", "s1", "s2"] }),
      )[1],
    ).toBe("SEC-12");
  });

  it("SEC-09 Teleport jumps straight to the destination, ignoring walls, Blocks and water in between", () => {
    const w = graphOf(
      [sec("a"), sec("b", "dark", { water: true }), sec("c")],
      [hard("ab", "a", "b"), soft("bc", "b", "c")],
    );
    const wb = battleOf(
      w,
      [ent("m", "a"), ent("foe", "b", "npc")],
      [{ blocker: "foe", border: "bc", atDistance: true }],
    );
    const t = queryMove(w, wb, { mover: "m", mode: "teleport", n: 2, to: "c" });
    expect(t.ok && [t.path, t.end, t.cost, t.events]).toEqual([["a", "c"], "c", 2, []]);
    expect(refusedBy(queryMove(w, wb, { mover: "m", mode: "teleport", n: 1, to: "c" }))).toEqual([
      "FRAY.Refusal.TeleportTooFar",
      "SEC-09",
    ]);
    // Ruling option: soft borders only, or unlimited.
    expect(
      refusedBy(
        queryMove(
          w,
          wb,
          { mover: "m", mode: "teleport", n: 5, to: "c" },
          sectionsOptions({ teleportMeasure: "softBorders" }),
        ),
      )[1],
    ).toBe("SEC-09");
    expect(
      queryMove(
        w,
        wb,
        { mover: "m", mode: "teleport", n: 0, to: "c" },
        sectionsOptions({ teleportMeasure: "unlimited" }),
      ).ok,
    ).toBe(true);
  });

  it(
    "SEC-10 Phase and Teleport cross a Height border only " + "with a number >= its Height (downward too, by ruling)",
    () => {
      const h = hallway(2, [3]);
      const up = battleOf(h, [ent("m", "s0")]);
      expect(refusedBy(queryMove(h, up, { mover: "m", mode: "phase", n: 2, to: "s1" }))).toEqual([
        "FRAY.Refusal.HeightBeyondRange",
        "SEC-10",
      ]);
      expect(queryMove(h, up, { mover: "m", mode: "phase", n: 3, to: "s1" }).ok).toBe(true);
      expect(refusedBy(queryMove(h, up, { mover: "m", mode: "teleport", n: 2, to: "s1" }))[1]).toBe("SEC-10");
      expect(queryMove(h, up, { mover: "m", mode: "teleport", n: 3, to: "s1" }).ok).toBe(true);
      const down = battleOf(h, [ent("m", "s1")]);
      expect(refusedBy(queryMove(h, down, { mover: "m", mode: "phase", n: 2, to: "s0" }))[1]).toBe("SEC-10");
      const lenient = sectionsOptions({ heightCheckDownward: false });
      const d = queryMove(h, down, { mover: "m", mode: "phase", n: 2, to: "s0" }, lenient);
      expect(d.ok && d.events).toEqual([]);
    },
  );

  it("SEC-12 going up needs a climb, a Move with enough Height, or special movement", () => {
    const h = hallway(2, [2]);
    const hb = battleOf(h, [ent("m", "s0")]);
    expect(refusedBy(queryMove(h, hb, { mover: "m", mode: "walk", n: 3, to: "s1" }))).toEqual([
      "FRAY.Refusal.MustClimb",
      "SEC-12",
    ]);
    expect(refusedBy(queryMove(h, hb, { mover: "m", mode: "walk", n: 3, path: ["s0", "s1"] }))).toEqual([
      "FRAY.Refusal.MustClimb",
      "SEC-12",
    ]);
    expect(refusedBy(queryMove(h, hb, { mover: "m", mode: "walk", n: 1, height: 1, path: ["s0", "s1"] }))[1]).toBe(
      "SEC-12",
    );
    expect(queryMove(h, hb, { mover: "m", mode: "walk", n: 1, height: 2, path: ["s0", "s1"] }).ok).toBe(true);
    const c = queryMove(h, hb, { mover: "m", mode: "climb", n: 1, path: ["s0", "s1"] });
    expect(c.ok && [c.end, c.events.map((e) => e.type)]).toEqual(["s0", ["climbStarted"]]);
    expect(queryMove(h, hb, { mover: "m", mode: "fly", n: 1, to: "s1" }).ok).toBe(true);
  });

  it(
    "SEC-13 going down without climbing falls for 1d4 per " +
      "Height; a Move with enough Height does not fall (ruling)",
    () => {
      const h = hallway(2, [-2]);
      const hb = battleOf(h, [ent("m", "s0")]);
      const r = queryMove(h, hb, { mover: "m", mode: "walk", n: 1, to: "s1" });
      expect(r.ok && r.events).toEqual([
        { type: "fall", entity: "m", border: "b0", height: 2, formula: "2d4", clause: "SEC-13" },
      ]);
      const dice = scriptedRoller([3, 4]);
      const rolled = applyMove(h, hb, { mover: "m", mode: "walk", n: 1, to: "s1" }, undefined, dice);
      const fall = rolled.ok ? rolled.events.find((e) => e.type === "fall") : undefined;
      expect(fall && fall.type === "fall" && fall.roll?.total).toBe(7);
      expect(dice.used).toBe(2);
      const covered = queryMove(h, hb, { mover: "m", mode: "walk", n: 1, height: 2, to: "s1" });
      expect(covered.ok && covered.events).toEqual([]);
      const strict = queryMove(
        h,
        hb,
        { mover: "m", mode: "walk", n: 1, height: 2, to: "s1" },
        sectionsOptions({ heightMoveAvoidsFall: false }),
      );
      expect(strict.ok && strict.events.length).toBe(1);
    },
  );

  it("SEC-14 being pushed down a Height 3 border deals 3d4", () => {
    const h = hallway(2, [-3]);
    const hb = battleOf(h, [ent("m", "s0")]);
    const dice = scriptedRoller([1, 2, 4]);
    const r = applyMove(h, hb, { mover: "m", mode: "push", n: 1, to: "s1" }, undefined, dice);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const fall = r.events.find((e) => e.type === "fall");
    expect(fall?.type === "fall" && [fall.formula, fall.roll?.total, fall.roll?.dice.length]).toEqual(["3d4", 7, 3]);
    expect(r.state.entities.m!.section).toBe("s1");
  });

  it(
    "SEC-68 an entity that enters a water section swims, whatever its Move's mode, and pays the " +
      "swimming Move (SEC-69)",
    () => {
      const w = graphOf(
        [sec("a"), sec("pool", "lit", { water: true }), sec("c")],
        [soft("x", "a", "pool"), soft("y", "pool", "c")],
      );
      expect(w.sections[1]!.water).toBe(true);
      const wb = battleOf(w, [ent("m", "a")]);
      // The water makes it swim, not the mode: walking or swimming in, Move 3 spends 2 to cross one border.
      for (const mode of ["walk", "swim"] as const) {
        const r = queryMove(w, wb, { mover: "m", mode, n: 3, to: "pool" });
        expect(r.ok && [r.cost, r.spent, r.end, r.events]).toEqual([
          1,
          2,
          "pool",
          [{ type: "swimmingPenalty", entity: "m", section: "pool", clause: "SEC-69" }],
        ]);
      }
      // Climbing out onto dry land is not swimming: only the pool costs more, so a, pool, c spends 3 of Move 3.
      const through = queryMove(w, wb, { mover: "m", mode: "walk", n: 3, path: ["a", "pool", "c"] });
      expect(through.ok && [through.cost, through.spent, through.end, through.events.length]).toEqual([2, 3, "c", 1]);
    },
  );

  it("SEC-69 a Move of 2+ loses 1 per swimming section entered; Move 1 is not reduced", () => {
    const w = graphOf(
      [sec("a"), sec("p1", "lit", { water: true }), sec("p2", "lit", { water: true }), sec("d")],
      [soft("x", "a", "p1"), soft("y", "p1", "p2"), soft("z", "p2", "d")],
    );
    const wb = battleOf(w, [ent("m", "a")]);
    const path = ["a", "p1", "p2", "d"];
    // Move 3 entering two swimming sections is worth 1: it cannot cross three borders.
    expect(refusedBy(queryMove(w, wb, { mover: "m", mode: "walk", n: 3, path }))).toEqual([
      "FRAY.Refusal.SwimmingSlowsMove",
      "SEC-69",
    ]);
    const five = queryMove(w, wb, { mover: "m", mode: "walk", n: 5, path });
    expect(five.ok && [five.cost, five.spent]).toEqual([3, 5]);
    const one = queryMove(w, wb, { mover: "m", mode: "walk", n: 1, to: "p1" });
    expect(one.ok && [one.cost, one.spent, one.events.length]).toEqual([1, 1, 0]);
    // Ruling: Fly and Teleport are not reduced; Phase only with the option.
    expect(queryMove(w, wb, { mover: "m", mode: "fly", n: 3, path }).ok).toBe(true);
    expect(queryMove(w, wb, { mover: "m", mode: "phase", n: 3, path }).ok).toBe(true);
    expect(
      queryMove(w, wb, { mover: "m", mode: "phase", n: 3, path }, sectionsOptions({ swimmingReducesPhase: true })).ok,
    ).toBe(false);
  });

  it("SEC-69 the cheapest path goes round the water when that is shorter in Move", () => {
    const w = graphOf(
      [
        sec("a"),
        sec("p1", "lit", { water: true }),
        sec("p2", "lit", { water: true }),
        sec("dry1"),
        sec("dry2"),
        sec("dry3"),
        sec("d"),
      ],
      [
        soft("1", "a", "p1"),
        soft("2", "p1", "p2"),
        soft("3", "p2", "d"),
        soft("4", "a", "dry1"),
        soft("5", "dry1", "dry2"),
        soft("6", "dry2", "dry3"),
        soft("7", "dry3", "d"),
      ],
    );
    const r = queryMove(w, battleOf(w, [ent("m", "a")]), { mover: "m", mode: "walk", n: 5, to: "d" });
    expect(r.ok && [r.path, r.cost, r.spent]).toEqual([["a", "dry1", "dry2", "dry3", "d"], 4, 4]);
    const aquatic = queryMove(w, battleOf(w, [ent("m", "a", "pc", { aquatic: true })]), {
      mover: "m",
      mode: "walk",
      n: 5,
      to: "d",
    });
    expect(aquatic.ok && [aquatic.path, aquatic.spent]).toEqual([["a", "p1", "p2", "d"], 3]);
  });

  it("SEC-70 an Aquatic entity ignores the swimming reduction", () => {
    const w = graphOf(
      [sec("a"), sec("p1", "lit", { water: true }), sec("p2", "lit", { water: true })],
      [soft("x", "a", "p1"), soft("y", "p1", "p2")],
    );
    const wb = battleOf(w, [ent("m", "a", "pc", { aquatic: true })]);
    const r = queryMove(w, wb, { mover: "m", mode: "swim", n: 2, path: ["a", "p1", "p2"] });
    expect(r.ok && [r.spent, r.events.length]).toEqual([2, 0]);
    const dry = battleOf(w, [ent("m", "a")]);
    expect(queryMove(w, dry, { mover: "m", mode: "swim", n: 2, path: ["a", "p1", "p2"] }).ok).toBe(false);
  });

  it("SEC-03 a path that skips a border or starts elsewhere is refused", () => {
    expect(refusedBy(queryMove(g, b, { mover: "m", mode: "walk", n: 3, path: ["s0", "s2"] }))[0]).toBe(
      "FRAY.Refusal.NotAdjacent",
    );
    expect(refusedBy(queryMove(g, b, { mover: "m", mode: "walk", n: 3, path: ["s1", "s2"] }))[0]).toBe(
      "FRAY.Refusal.PathDoesNotStartHere",
    );
    expect(refusedBy(queryMove(g, b, { mover: "ghost", mode: "walk", n: 3, to: "s1" }))[0]).toBe(
      "FRAY.Refusal.UnknownEntity",
    );
    expect(refusedBy(queryMove(g, b, { mover: "m", mode: "walk", n: 3, to: "nowhere" }))[0]).toBe(
      "FRAY.Refusal.UnknownSection",
    );
    expect(refusedBy(queryMove(g, b, { mover: "m", mode: "walk", n: 3 }))[0]).toBe("FRAY.Refusal.NoPathGiven");
    expect(refusedBy(queryMove(g, b, { mover: "m", mode: "walk", n: 3, path: ["s0", "s1"], to: "s2" }))[0]).toBe(
      "FRAY.Refusal.PathDoesNotEndThere",
    );
  });

  it("SEC-03 the cheapest path is found when asked, even for a path given the long way round", () => {
    const ring = graphOf(
      [sec("a"), sec("b"), sec("c"), sec("d")],
      [soft("ab", "a", "b"), soft("bc", "b", "c"), soft("cd", "c", "d"), soft("da", "d", "a")],
    );
    const rb = battleOf(ring, [ent("m", "a")]);
    const r = queryMove(ring, rb, { mover: "m", mode: "walk", n: 3, path: ["a", "b", "c", "d"], cheapest: true });
    expect(r.ok && [r.path, r.cost]).toEqual([["a", "d"], 1]);
  });
});
