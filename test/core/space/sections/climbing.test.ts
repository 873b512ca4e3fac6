import { describe, expect, it } from "vitest";
import { scriptedRoller } from "../../../../src/core/shared/roller.js";
import {
  acrobaticsCheck,
  actionReach,
  applyMove,
  areaLeavesOut,
  chooseToFall,
  climbAsMove,
  climbCheck,
  climberTakesDamage,
  climbingEffects,
  queryMove,
  sectionsOptions,
  startClimb,
  type SectionsBattle,
} from "../../../../src/core/space/sections/index.js";
import { battleOf, ent, hallway } from "./fixtures.js";

const g = hallway(3, [3, undefined]);

function climbing(climbed = 0): SectionsBattle {
  return battleOf(g, [
    ent("m", "s0", "pc", { climbing: { border: "b0", from: "s0", to: "s1", height: 3, climbed } }),
    ent("foe", "s1", "npc"),
  ]);
}

describe("sections climbing", () => {
  it("SEC-15 a climb Move starts climbing; each Acrobatics success climbs Height 1", () => {
    const start = applyMove(g, battleOf(g, [ent("m", "s0")]), { mover: "m", mode: "climb", n: 2, path: ["s0", "s1"] });
    expect(start.ok).toBe(true);
    if (!start.ok) return;
    expect(start.state.entities.m!.climbing).toEqual({ border: "b0", from: "s0", to: "s1", height: 3, climbed: 0 });
    const one = climbCheck(start.state, "m", { entity: 4, dm: 3 });
    expect(one.ok && one.state.entities.m!.climbing?.climbed).toBe(1);
    const s = startClimb(g, battleOf(g, [ent("m", "s0")]), "m", "b0");
    expect(s.ok && s.state.entities.m!.climbing?.height).toBe(3);
    const down = startClimb(g, battleOf(g, [ent("m", "s1")]), "m", "b0");
    expect(down.ok ? "" : [down.key, down.clause]).toEqual(["FRAY.Refusal.NotAClimbableBorder", "SEC-15"]);
  });

  it(
    "SEC-15 ruling: a Move allows as many climb checks as " + "its number; a failure holds without falling by default",
    () => {
      const three = climbAsMove(climbing(), "m", 3, [
        { entity: 5, dm: 2 },
        { entity: 5, dm: 5 },
        { entity: 6, dm: 1 },
      ]);
      expect(three.ok && [three.state.entities.m!.section, three.state.entities.m!.climbing]).toEqual(["s1", null]);
      expect(
        climbAsMove(climbing(), "m", 1, [
          { entity: 5, dm: 2 },
          { entity: 5, dm: 2 },
        ]).ok,
      ).toBe(false);
      expect(
        climbAsMove(
          climbing(),
          "m",
          3,
          [
            { entity: 5, dm: 2 },
            { entity: 5, dm: 2 },
          ],
          sectionsOptions({ climbChecksPerMove: "one" }),
        ).ok,
      ).toBe(false);
      const fail = climbAsMove(climbing(1), "m", 3, [
        { entity: 1, dm: 2 },
        { entity: 5, dm: 2 },
      ]);
      expect(fail.ok && [fail.state.entities.m!.climbing?.climbed, fail.events.map((e) => e.type)]).toEqual([
        1,
        ["acrobatics", "climbCheckFailed"],
      ]);
      const falls = climbCheck(climbing(2), "m", { entity: 1, dm: 2 }, sectionsOptions({ failedClimbFalls: true }));
      expect(falls.ok && [falls.state.entities.m!.climbing, falls.events.find((e) => e.type === "fall")]).toEqual([
        null,
        { type: "fall", entity: "m", border: "b0", height: 2, formula: "2d4", clause: "SEC-21" },
      ]);
    },
  );

  it(
    "SEC-16 a climber counts as in the lower section until " + "the full Height is climbed, then it is in the upper",
    () => {
      const two = climbCheck(climbing(1), "m", { entity: 3, dm: 3 });
      expect(two.ok && [two.state.entities.m!.section, two.state.entities.m!.climbing?.climbed]).toEqual(["s0", 2]);
      if (!two.ok) return;
      const top = climbCheck(two.state, "m", { entity: 3, dm: 3 });
      expect(top.ok && [top.state.entities.m!.section, top.state.entities.m!.climbing]).toEqual(["s1", null]);
      expect(queryMove(g, climbing(), { mover: "m", mode: "walk", n: 2, to: "s1" }).ok).toBe(false);
    },
  );

  it("SEC-17 an Area Attack hits a climber only if its range reaches the Height climbed", () => {
    const b = battleOf(g, [
      ent("m", "s0", "pc", { climbing: { border: "b0", from: "s0", to: "s1", height: 3, climbed: 2 } }),
      ent("ally", "s0"),
      ent("caster", "s0", "npc"),
    ]);
    const melee = actionReach(g, b, { attacker: "caster", section: "s0", action: { area: { excludeAttacker: true } } });
    expect(melee.ok && melee.targets).toEqual(["ally"]);
    const reach1 = actionReach(g, b, {
      attacker: "caster",
      section: "s0",
      action: { reach: 1, area: { excludeAttacker: true } },
    });
    expect(reach1.ok && reach1.targets).toEqual(["ally"]);
    const reach2 = actionReach(g, b, {
      attacker: "caster",
      section: "s0",
      action: { reach: 2, area: { excludeAttacker: true } },
    });
    expect(reach2.ok && [...reach2.targets].sort()).toEqual(["ally", "m"]);
  });

  it(
    "SEC-17 an Area Attack aimed at a climber's section is refused for that climber when its range is " +
      "below the Height climbed",
    () => {
      const b = battleOf(g, [
        ent("m", "s0", "pc", { climbing: { border: "b0", from: "s0", to: "s1", height: 3, climbed: 2 } }),
        ent("ally", "s0"),
        ent("caster", "s0", "npc"),
      ]);
      const low = { reach: 1, area: {} };
      const r1 = actionReach(g, b, { attacker: "caster", target: "m", action: low });
      expect(r1.ok && areaLeavesOut(b, r1, low, "m")).toMatchObject({
        key: "FRAY.Refusal.AreaBelowClimber",
        clause: "SEC-17",
        data: { range: 1, height: 2 },
      });
      expect(r1.ok && areaLeavesOut(b, r1, low, "ally")).toBeNull();
      const high = { reach: 2, area: {} };
      const r2 = actionReach(g, b, { attacker: "caster", target: "m", action: high });
      expect(r2.ok && areaLeavesOut(b, r2, high, "m")).toBeNull();
      // Not an Area Attack: the single target is the target, however high it climbs (SEC-17 speaks of Areas).
      const single = { reach: 1 };
      const r3 = actionReach(g, b, { attacker: "caster", target: "m", action: single });
      expect(r3.ok && areaLeavesOut(b, r3, single, "m")).toBeNull();
      // SEC-40: an Area that picks only enemies leaves an ally of the attacker out.
      const enemies = { reach: 2, area: { only: "enemies" as const } };
      const r4 = actionReach(g, b, { attacker: "m", target: "ally", action: enemies });
      expect(r4.ok && areaLeavesOut(b, r4, enemies, "ally")).toMatchObject({
        key: "FRAY.Refusal.AreaLeavesOut",
        clause: "SEC-40",
      });
    },
  );

  it("SEC-18 a climber is Debilitated and Vulnerable unless otherwise specified", () => {
    const c = climbing().entities.m!;
    expect(climbingEffects(c)).toMatchObject({ debilitated: true, vulnerable: true });
    expect(climbingEffects({ ...c, climbingExceptions: { notVulnerable: true } })).toMatchObject({
      debilitated: true,
      vulnerable: false,
    });
    expect(climbingEffects({ ...c, climbing: null })).toMatchObject({ debilitated: false, vulnerable: false });
  });

  it("SEC-19 a climber cannot perform Incantations unless otherwise specified", () => {
    const r = actionReach(g, climbing(), { attacker: "m", target: "m", action: { incantation: true } });
    expect(r.ok ? "" : [r.key, r.clause]).toEqual(["FRAY.Refusal.ClimbingCannotIncant", "SEC-19"]);
    const b = climbing();
    const allowed = {
      ...b,
      entities: { ...b.entities, m: { ...b.entities.m!, climbingExceptions: { mayIncant: true } } },
    };
    expect(actionReach(g, allowed, { attacker: "m", target: "m", action: { incantation: true } }).ok).toBe(true);
  });

  it("SEC-20 a climber taking damage checks Acrobatics: success holds without progress, failure falls", () => {
    const hold = climberTakesDamage(climbing(2), "m", { entity: 4, dm: 4 });
    expect(hold.ok && [hold.state.entities.m!.climbing?.climbed, hold.events.map((e) => e.type)]).toEqual([
      2,
      ["acrobatics", "climbHeld"],
    ]);
    const dice = scriptedRoller([2, 3]);
    const fall = climberTakesDamage(climbing(2), "m", { entity: 3, dm: 4 }, dice);
    expect(fall.ok).toBe(true);
    if (!fall.ok) return;
    expect(fall.state.entities.m!.climbing).toBeNull();
    expect(fall.state.entities.m!.section).toBe("s0");
    const ev = fall.events.find((e) => e.type === "fall");
    expect(ev?.type === "fall" && [ev.height, ev.formula, ev.roll?.total, ev.clause]).toEqual([2, "2d4", 5, "SEC-20"]);
  });

  it("SEC-21 a climber may choose to fall as a Move, taking damage for the Height climbed so far (ruling)", () => {
    const r = chooseToFall(climbing(2), "m");
    expect(r.ok && r.events).toEqual([
      { type: "fall", entity: "m", border: "b0", height: 2, formula: "2d4", clause: "SEC-21" },
    ]);
    const q = applyMove(g, climbing(1), { mover: "m", mode: "fall", n: 0 });
    expect(q.ok && [q.state.entities.m!.climbing, q.events.map((e) => e.type)]).toEqual([null, ["fall"]]);
    const ground = chooseToFall(climbing(0), "m");
    expect(ground.ok && ground.events).toEqual([]);
    expect(chooseToFall(battleOf(g, [ent("m", "s0")]), "m").ok).toBe(false);
  });

  it("SEC-22 Acrobatics is an opposed roll: a tie or better succeeds", () => {
    expect(acrobaticsCheck({ entity: 5, dm: 5 })).toMatchObject({ success: true });
    expect(acrobaticsCheck({ entity: 4, dm: 5 })).toMatchObject({ success: false });
    const rolled = acrobaticsCheck({
      entityDice: { count: 1, sides: 8, modifier: 1 },
      dmDice: { count: 1, sides: 10 },
      roller: scriptedRoller([3, 4]),
    });
    expect(rolled).toMatchObject({ ok: true, entity: 4, dm: 4, success: true });
    expect("rolls" in rolled && [rolled.rolls?.entity.total, rolled.rolls?.dm.total]).toEqual([4, 4]);
    const bad = acrobaticsCheck({
      entityDice: { count: 0, sides: 8 },
      dmDice: { count: 1, sides: 10 },
      roller: scriptedRoller([]),
    });
    expect(bad.ok).toBe(false);
  });

  it("SEC-23 a failed Acrobatics check only reports the failure: the DM chooses the consequence", () => {
    const r = climbCheck(climbing(1), "m", { entity: 1, dm: 6 });
    expect(r.ok && [r.state, r.events.map((e) => e.type)]).toEqual([climbing(1), ["acrobatics", "climbCheckFailed"]]);
  });

  it("SEC-24 the DM's exceptions to Height and terrain are table options, not hard-wired", () => {
    const h = hallway(2, [2]);
    const b = battleOf(h, [ent("m", "s1")]);
    expect(queryMove(h, b, { mover: "m", mode: "phase", n: 1, to: "s0" }).ok).toBe(false);
    expect(
      queryMove(h, b, { mover: "m", mode: "phase", n: 1, to: "s0" }, sectionsOptions({ heightCheckDownward: false }))
        .ok,
    ).toBe(true);
  });
});
