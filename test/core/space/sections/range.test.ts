import { describe, expect, it } from "vitest";
import {
  actionReach,
  distance,
  sectionsOptions,
  type ActionAnswer,
} from "../../../../src/core/space/sections/index.js";
import { battleOf, ent, graphOf, hallway, hard, sec, soft } from "./fixtures.js";

function why(a: ActionAnswer): [string, string | undefined] {
  return a.ok ? ["ok", undefined] : [a.key, a.clause];
}

/** Attacker in s0, target in s2, two borders with the given Heights. */
function twoAway(h1: number, h2: number) {
  const g = hallway(3, [h1, h2]);
  return { g, b: battleOf(g, [ent("pc", "s0"), ent("foe", "s2", "npc")]) };
}

describe("sections distance and range", () => {
  it("SEC-25 distance is the least number of soft borders; hard borders do not count as a way through", () => {
    const g = graphOf(
      [sec("a"), sec("b"), sec("c"), sec("d")],
      [hard("ab", "a", "b"), soft("ac", "a", "c"), soft("cd", "c", "d"), soft("db", "d", "b")],
    );
    expect(distance(g, "a", "b")).toBe(3);
    expect(distance(g, "a", "a")).toBe(0);
    expect(distance(g, "a", "zz")).toBeNull();
    const walled = graphOf([sec("a"), sec("b")], [hard("ab", "a", "b")]);
    expect(distance(walled, "a", "b")).toBeNull();
  });

  it(
    "SEC-26 two sections sharing a soft border are distance " + "1; the ends of a three-section hallway are distance 2",
    () => {
      const g = hallway(3);
      expect(distance(g, "s0", "s1")).toBe(1);
      expect(distance(g, "s0", "s2")).toBe(2);
    },
  );

  it("SEC-27 an Action reaches only if its range >= the distance", () => {
    const g = hallway(4);
    const b = battleOf(g, [ent("pc", "s0"), ent("foe", "s3", "npc")]);
    expect(why(actionReach(g, b, { attacker: "pc", target: "foe", action: { range: 2 } }))).toEqual([
      "FRAY.Refusal.OutOfRange",
      "SEC-27",
    ]);
    const r = actionReach(g, b, { attacker: "pc", target: "foe", action: { range: 3 } });
    expect(r.ok && [r.distance, r.route]).toEqual([3, ["s0", "s1", "s2", "s3"]]);
  });

  it("SEC-28 range comes from Range, Thrown or Reach; with none it is 0", () => {
    const g = hallway(3);
    const b = battleOf(g, [ent("pc", "s0"), ent("foe", "s2", "npc"), ent("near", "s0", "npc")]);
    const far = battleOf(g, [ent("pc", "s0"), ent("foe", "s2", "npc")]);
    expect(actionReach(g, far, { attacker: "pc", target: "foe", action: { range: 2 } })).toMatchObject({
      ok: true,
      range: 2,
      kind: "ranged",
    });
    expect(actionReach(g, b, { attacker: "pc", target: "foe", action: { thrown: 2 } })).toMatchObject({
      ok: true,
      kind: "thrown",
    });
    expect(actionReach(g, b, { attacker: "pc", target: "foe", action: { reach: 2 } })).toMatchObject({
      ok: true,
      kind: "reach",
    });
    expect(actionReach(g, b, { attacker: "pc", target: "near", action: {} })).toMatchObject({
      ok: true,
      range: 0,
      kind: "melee",
    });
    expect(why(actionReach(g, b, { attacker: "pc", target: "foe", action: { range: -1 } }))[0]).toBe(
      "FRAY.Refusal.InvalidRange",
    );
  });

  it("SEC-29 melee targets only the attacker's section; Reach may cross borders", () => {
    const g = hallway(2);
    const b = battleOf(g, [ent("pc", "s0"), ent("foe", "s1", "npc")]);
    expect(why(actionReach(g, b, { attacker: "pc", target: "foe", action: {} }))).toEqual([
      "FRAY.Refusal.MeleeOnlyOwnSection",
      "SEC-29",
    ]);
    expect(actionReach(g, b, { attacker: "pc", target: "foe", action: { reach: 1 } }).ok).toBe(true);
  });

  it("SEC-30 the attacker may choose the route; with the geometry option, a route that must curve is refused", () => {
    // An L of three rooms: a(0,0) b(10,0) c(10,10) plus a diagonal d between a and c.
    const g = graphOf(
      [
        sec("a", "lit", { geometry: { x: 0, y: 0, w: 10, h: 10 } }),
        sec("b", "lit", { geometry: { x: 10, y: 0, w: 10, h: 10 } }),
        sec("c", "lit", { geometry: { x: 10, y: 10, w: 10, h: 10 } }),
        sec("far", "lit", { geometry: { x: 100, y: 100, w: 10, h: 10 } }),
        sec("end", "lit", { geometry: { x: 0, y: 200, w: 10, h: 10 } }),
      ],
      [soft("ab", "a", "b"), soft("bc", "b", "c"), soft("af", "a", "far"), soft("fe", "far", "end")],
    );
    const b = battleOf(g, [ent("pc", "a"), ent("foe", "c", "npc"), ent("x", "end", "npc")]);
    const geo = sectionsOptions({ straightLine: "geometry" });
    const ok = actionReach(g, b, { attacker: "pc", target: "foe", action: { range: 2 }, route: ["a", "b", "c"] }, geo);
    expect(ok.ok && ok.route).toEqual(["a", "b", "c"]);
    expect(why(actionReach(g, b, { attacker: "pc", target: "x", action: { range: 2 } }, geo))).toEqual([
      "FRAY.Refusal.NoStraightLine",
      "SEC-30",
    ]);
    // Default ruling: the straight line is left to the table.
    expect(actionReach(g, b, { attacker: "pc", target: "x", action: { range: 2 } }).ok).toBe(true);
    expect(why(actionReach(g, b, { attacker: "pc", target: "foe", action: { range: 2 }, route: ["a", "c"] }))[0]).toBe(
      "FRAY.Refusal.InvalidRoute",
    );
  });

  it("SEC-31 no Range Action with an enemy in the attacker's section; Thrown and Reach are exempt", () => {
    const g = hallway(2);
    const b = battleOf(g, [ent("pc", "s0"), ent("ally", "s0"), ent("adj", "s0", "npc"), ent("foe", "s1", "npc")]);
    expect(why(actionReach(g, b, { attacker: "pc", target: "foe", action: { range: 1 } }))).toEqual([
      "FRAY.Refusal.EnemyInSection",
      "SEC-31",
    ]);
    expect(actionReach(g, b, { attacker: "pc", target: "foe", action: { thrown: 1 } }).ok).toBe(true);
    expect(actionReach(g, b, { attacker: "pc", target: "foe", action: { range: 1, reach: 1 } }).ok).toBe(true);
    const onlyAlly = battleOf(g, [ent("pc", "s0"), ent("ally", "s0"), ent("foe", "s1", "npc")]);
    expect(actionReach(g, onlyAlly, { attacker: "pc", target: "foe", action: { range: 1 } }).ok).toBe(true);
  });

  it("SEC-32 an incantation checks for enemies only when it begins; it fires regardless", () => {
    const g = hallway(2);
    const b = battleOf(g, [ent("pc", "s0"), ent("adj", "s0", "npc"), ent("foe", "s1", "npc")]);
    const q = { attacker: "pc", target: "foe", action: { range: 1, incantation: true } } as const;
    expect(why(actionReach(g, b, { ...q, stage: "begin" }))[1]).toBe("SEC-31");
    expect(actionReach(g, b, { ...q, stage: "fire" }).ok).toBe(true);
  });

  it("SEC-33 melee cannot cross Height borders; Reach can (with the ranged Height rule, by ruling)", () => {
    const g = hallway(2, [2]);
    const b = battleOf(g, [ent("pc", "s0"), ent("foe", "s1", "npc")]);
    expect(why(actionReach(g, b, { attacker: "pc", target: "foe", action: { reach: 1 } }))).toEqual([
      "FRAY.Refusal.HeightBeyondRange",
      "SEC-34",
    ]);
    expect(actionReach(g, b, { attacker: "pc", target: "foe", action: { reach: 2 } }).ok).toBe(true);
    expect(
      actionReach(
        g,
        b,
        { attacker: "pc", target: "foe", action: { reach: 1 } },
        sectionsOptions({ reachUsesRangedHeightRule: false }),
      ).ok,
    ).toBe(true);
    expect(why(actionReach(g, b, { attacker: "pc", target: "foe", action: {} }))[1]).toBe("SEC-29");
  });

  it("SEC-34 a ranged Action needs range >= the absolute net Height change, besides the distance", () => {
    const { g, b } = twoAway(2, 2);
    expect(why(actionReach(g, b, { attacker: "pc", target: "foe", action: { range: 3 } }))).toEqual([
      "FRAY.Refusal.HeightBeyondRange",
      "SEC-34",
    ]);
    expect(actionReach(g, b, { attacker: "pc", target: "foe", action: { range: 4 } })).toMatchObject({
      ok: true,
      heightChange: 4,
    });
  });

  it(
    "SEC-35 terrain that blocks the view stops the shot (ruling: a ridge above both ends; option: " +
      "above the sight line)",
    () => {
      const g = hallway(4, [2, 0, -1]);
      const b = battleOf(g, [ent("pc", "s0"), ent("foe", "s3", "npc")]);
      expect(why(actionReach(g, b, { attacker: "pc", target: "foe", action: { range: 3 } }))).toEqual([
        "FRAY.Refusal.TerrainBlocksShot",
        "SEC-35",
      ]);
      const up = hallway(3, [2, 1]);
      const ub = battleOf(up, [ent("pc", "s0"), ent("foe", "s2", "npc")]);
      expect(actionReach(up, ub, { attacker: "pc", target: "foe", action: { range: 3 } }).ok).toBe(true);
      expect(
        why(
          actionReach(
            up,
            ub,
            { attacker: "pc", target: "foe", action: { range: 3 } },
            sectionsOptions({ terrainBlocks: "line" }),
          ),
        )[1],
      ).toBe("SEC-35");
    },
  );

  it("SEC-36 (example) Heights +1 then +2: net +3 needs range 3", () => {
    const { g, b } = twoAway(1, 2);
    expect(why(actionReach(g, b, { attacker: "pc", target: "foe", action: { range: 2 } }))).toEqual([
      "FRAY.Refusal.HeightBeyondRange",
      "SEC-34",
    ]);
    expect(actionReach(g, b, { attacker: "pc", target: "foe", action: { range: 3 } })).toMatchObject({
      ok: true,
      distance: 2,
      heightChange: 3,
    });
  });

  it("SEC-37 (example) a chasm -6 then +6: net 0, so range 2 is enough", () => {
    const { g, b } = twoAway(-6, 6);
    expect(actionReach(g, b, { attacker: "pc", target: "foe", action: { range: 2 } })).toMatchObject({
      ok: true,
      distance: 2,
      heightChange: 0,
    });
    expect(why(actionReach(g, b, { attacker: "pc", target: "foe", action: { range: 1 } }))[1]).toBe("SEC-27");
  });

  it("SEC-38 (example) Heights +1 then -2: the terrain blocks the shot", () => {
    const { g, b } = twoAway(1, -2);
    for (const range of [2, 3, 10])
      expect(why(actionReach(g, b, { attacker: "pc", target: "foe", action: { range } }))).toEqual([
        "FRAY.Refusal.TerrainBlocksShot",
        "SEC-35",
      ]);
  });

  it("SEC-39 (example) Heights -2 then -1: the target is 3 below, so range 3", () => {
    const { g, b } = twoAway(-2, -1);
    expect(why(actionReach(g, b, { attacker: "pc", target: "foe", action: { range: 2 } }))).toEqual([
      "FRAY.Refusal.HeightBeyondRange",
      "SEC-34",
    ]);
    expect(actionReach(g, b, { attacker: "pc", target: "foe", action: { range: 3 } })).toMatchObject({
      ok: true,
      heightChange: -3,
    });
  });

  it(
    "SEC-40 an Area Attack targets every entity in one section, optionally enemies or allies only, " +
      "optionally not the attacker",
    () => {
      const g = hallway(2);
      const b = battleOf(g, [
        ent("pc", "s1"),
        ent("ally", "s1"),
        ent("f1", "s1", "npc"),
        ent("f2", "s1", "npc"),
        ent("caster", "s0"),
      ]);
      const all = actionReach(g, b, { attacker: "caster", section: "s1", action: { range: 1, area: {} } });
      expect(all.ok && [...all.targets].sort()).toEqual(["ally", "f1", "f2", "pc"]);
      const foes = actionReach(g, b, {
        attacker: "caster",
        section: "s1",
        action: { range: 1, area: { only: "enemies" } },
      });
      expect(foes.ok && [...foes.targets].sort()).toEqual(["f1", "f2"]);
      const friends = actionReach(g, b, {
        attacker: "pc",
        section: "s1",
        action: { area: { only: "allies", excludeAttacker: true } },
      });
      expect(friends.ok && friends.targets).toEqual(["ally"]);
    },
  );

  it("SEC-41 an Area Attack with no range entry hits only the attacker's section, attacker included", () => {
    const g = hallway(2);
    const b = battleOf(g, [ent("pc", "s0"), ent("f", "s0", "npc"), ent("g", "s1", "npc")]);
    const own = actionReach(g, b, { attacker: "pc", action: { area: {} } });
    expect(own.ok && [...own.targets].sort()).toEqual(["f", "pc"]);
    expect(why(actionReach(g, b, { attacker: "pc", section: "s1", action: { area: {} } }))).toEqual([
      "FRAY.Refusal.AreaOnlyOwnSection",
      "SEC-41",
    ]);
  });

  it("SEC-72 ranged attacks cannot reach an underwater target (ruling: only one marked underwater)", () => {
    const g = graphOf([sec("a"), sec("lake", "lit", { water: true })], [soft("x", "a", "lake")]);
    const b = battleOf(g, [
      ent("pc", "a"),
      ent("eel", "lake", "npc", { underwater: true }),
      ent("swimmer", "lake", "npc"),
    ]);
    expect(why(actionReach(g, b, { attacker: "pc", target: "eel", action: { range: 2 } }))).toEqual([
      "FRAY.Refusal.TargetUnderwater",
      "SEC-72",
    ]);
    expect(actionReach(g, b, { attacker: "pc", target: "swimmer", action: { range: 2 } }).ok).toBe(true);
    expect(
      why(
        actionReach(
          g,
          b,
          { attacker: "pc", target: "swimmer", action: { range: 2 } },
          sectionsOptions({ swimmingIsUnderwater: true }),
        ),
      )[1],
    ).toBe("SEC-72");
    expect(actionReach(g, b, { attacker: "pc", target: "eel", action: { reach: 1 } }).ok).toBe(true);
    const area = actionReach(g, b, { attacker: "pc", section: "lake", action: { range: 1, area: {} } });
    expect(area.ok && area.targets).toEqual(["swimmer"]);
  });

  it("SEC-73 breath is not tracked: an entity has no breath or drowning state, only the underwater mark", () => {
    const g = graphOf([sec("lake", "lit", { water: true })], []);
    const b = battleOf(g, [ent("eel", "lake", "npc", { underwater: true })]);
    expect(Object.keys(b.entities.eel!).sort()).toEqual(["id", "section", "side", "underwater"]);
    expect(actionReach(g, b, { attacker: "eel", target: "eel", action: {} }).ok).toBe(true);
  });
});
