import { describe, expect, it } from "vitest";
import { scriptedRoller } from "../../../../src/core/shared/roller.js";
import {
  climbWithMove,
  queryMove,
  isClimbMove,
  sectionsOptions,
  type SectionsBattle,
} from "../../../../src/core/space/sections/index.js";
import { battleOf, ent, graphOf, hallway, sec, soft } from "./fixtures.js";

const wall = hallway(3, [3, undefined]);
const dice = { entity: { count: 1, sides: 8 }, dm: { count: 1, sides: 6 } };
const climber = (climbed: number, extra = {}): SectionsBattle =>
  battleOf(wall, [
    ent("m", "s0", "pc", { climbing: { border: "b0", from: "s0", to: "s1", height: 3, climbed }, ...extra }),
  ]);

describe("sections: a Move made as a climb (SEC-15, SEC-16)", () => {
  it("SEC-15 a Move 2 up a Height 3 starts the climb and makes two checks, each success one Height", () => {
    const r = climbWithMove(
      wall,
      battleOf(wall, [ent("m", "s0", "pc", { innateMove: 2 })]),
      { mover: "m", mode: "climb", path: ["s0", "s1"] },
      dice,
      scriptedRoller([5, 3, 4, 4]),
    );
    if (!r.ok) throw new Error(r.reason);
    expect(r.state.entities.m!.section).toBe("s0");
    expect(r.state.entities.m!.climbing).toEqual({ border: "b0", from: "s0", to: "s1", height: 3, climbed: 2 });
    expect(r.state.entities.m!.innateMoveUsed).toBe(true);
    const checks = r.events.filter((e) => e.type === "acrobatics");
    expect(checks.map((e) => e.type === "acrobatics" && [e.result, e.dm, e.success])).toEqual([
      [5, 3, true],
      [4, 4, true],
    ]);
    // Each check's two rolls go with it, to show as dice.
    expect(checks[0]!.type === "acrobatics" && checks[0]!.rolls?.entity.formula).toBe("1d8");
    expect(r.events[0]).toMatchObject({ type: "climbStarted", border: "b0", height: 3 });
  });

  it("SEC-15 ruling: the checks stop at the first failure (no fall by default), which spends the Move", () => {
    const r = climbWithMove(
      wall,
      climber(1, { innateMove: 3 }),
      { mover: "m", mode: "climb", path: ["s0", "s1"] },
      dice,
      scriptedRoller([1, 6]),
    );
    if (!r.ok) throw new Error(r.reason);
    expect(r.state.entities.m!.climbing?.climbed).toBe(1);
    expect(r.state.entities.m!.innateMoveUsed).toBe(true);
    expect(r.events.map((e) => e.type)).toEqual(["climbGoesOn", "acrobatics", "climbCheckFailed"]);
  });

  it("SEC-16 a climber going on reaches the top: it enters the upper section and climbs no more", () => {
    const r = climbWithMove(
      wall,
      climber(2),
      { mover: "m", mode: "walk", path: ["s0", "s1"] },
      dice,
      scriptedRoller([7, 2]),
    );
    if (!r.ok) throw new Error(r.reason);
    expect([r.state.entities.m!.section, r.state.entities.m!.climbing]).toEqual(["s1", null]);
    expect(r.events.map((e) => e.type)).toEqual(["climbGoesOn", "acrobatics", "climbFinished", "moved"]);
  });

  it("SEC-15 the borders walked to the foot of the Height come off the Move's checks", () => {
    const g = graphOf([sec("a"), sec("b"), sec("c")], [soft("ab", "a", "b"), soft("bc", "b", "c", 2)]);
    const r = climbWithMove(
      g,
      battleOf(g, [ent("m", "a", "pc", { innateMove: 3 })]),
      { mover: "m", mode: "climb", path: ["a", "b", "c"] },
      dice,
      scriptedRoller([6, 1, 6, 1, 6, 1]),
    );
    if (!r.ok) throw new Error(r.reason);
    // Move 3: one border walked, two checks: the top of Height 2.
    expect([r.state.entities.m!.section, r.state.entities.m!.climbing]).toEqual(["c", null]);
    expect(r.events.filter((e) => e.type === "acrobatics")).toHaveLength(2);
    const short = climbWithMove(
      g,
      battleOf(g, [ent("m", "a", "pc", { innateMove: 2 })]),
      { mover: "m", mode: "climb", path: ["a", "b", "c"] },
      dice,
      scriptedRoller([6, 1, 6, 1]),
    );
    if (!short.ok) throw new Error(short.reason);
    expect([short.state.entities.m!.section, short.state.entities.m!.climbing?.climbed]).toEqual(["b", 1]);
  });

  it("SEC-15 option: one check per Move", () => {
    const r = climbWithMove(
      wall,
      climber(0, { innateMove: 3 }),
      { mover: "m", mode: "walk", path: ["s0", "s1"] },
      dice,
      scriptedRoller([6, 1, 6, 1]),
      sectionsOptions({ climbChecksPerMove: "one" }),
    );
    if (!r.ok) throw new Error(r.reason);
    expect(r.state.entities.m!.climbing?.climbed).toBe(1);
  });

  it("SEC-16 a climber's ordinary Move goes only on up its border; a Move that climbs nothing is no climb", () => {
    const g = graphOf([sec("s0"), sec("s1"), sec("s2")], [soft("b0", "s0", "s1", 3), soft("b1", "s0", "s2")]);
    const b = battleOf(g, [
      ent("m", "s0", "pc", { climbing: { border: "b0", from: "s0", to: "s1", height: 3, climbed: 1 } }),
    ]);
    const away = queryMove(g, b, { mover: "m", mode: "walk", path: ["s0", "s2"] });
    expect(away.ok ? "" : away.key).toBe("FRAY.Refusal.StillClimbing");
    expect(isClimbMove(queryMove(g, b, { mover: "m", mode: "walk", path: ["s0", "s1"] }))).toBe(true);
    const walker = battleOf(g, [ent("m", "s0")]);
    expect(isClimbMove(queryMove(g, walker, { mover: "m", mode: "walk", path: ["s0", "s2"] }))).toBe(false);
    const r = climbWithMove(g, walker, { mover: "m", mode: "walk", path: ["s0", "s2"] }, dice, scriptedRoller([]));
    expect(r.ok ? "" : [r.key, r.clause]).toEqual(["FRAY.Refusal.NotAClimb", "SEC-15"]);
  });

  it("SEC-05 a climb Move is a Move: the innate one used is refused, a card's Move climbs with its number", () => {
    const used = climber(0, { innateMoveUsed: true });
    const r = climbWithMove(wall, used, { mover: "m", mode: "walk", path: ["s0", "s1"] }, dice, scriptedRoller([]));
    expect(r.ok ? "" : r.key).toBe("FRAY.Refusal.InnateMoveUsed");
    const card = climbWithMove(
      wall,
      used,
      { mover: "m", mode: "walk", path: ["s0", "s1"], n: 3, grant: "granted" },
      dice,
      scriptedRoller([6, 1, 6, 1, 6, 1]),
    );
    if (!card.ok) throw new Error(card.reason);
    expect(card.state.entities.m!.section).toBe("s1");
  });
});
