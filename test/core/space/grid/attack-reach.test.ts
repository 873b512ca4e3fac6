import { describe, expect, it } from "vitest";
import { gridAttackReach, gridOptions } from "../../../../src/core/space/grid/index.js";
import { mapOf, piece, stateOf } from "./fixtures.js";

const strain = gridOptions("strain");
const escalation = gridOptions("escalation");

describe("an attack's reach on the grid", () => {
  it("STR-18 an ability with Range X targets anything at distance X or less, and nothing farther", () => {
    const s = stateOf(mapOf(10, 10), piece("a", "pc", 1, 1), piece("t", "npc", 4, 3));
    expect(gridAttackReach(s, { attacker: "a", target: "t", reach: "range", range: 3 }, strain)).toMatchObject({
      ok: true,
      distance: 3,
    });
    expect(gridAttackReach(s, { attacker: "a", target: "t", reach: "range", range: 2 }, strain)).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.OutOfRange",
      clause: "STR-18",
      data: { range: 2, distance: 3 },
    });
  });

  it("STR-42 the enemies adjacent to the attacker are counted for a Ranged ability's Banes; allies are not", () => {
    const s = stateOf(
      mapOf(10, 10),
      piece("a", "pc", 5, 5),
      piece("t", "npc", 9, 5),
      piece("e1", "npc", 4, 5),
      piece("e2", "npc", 6, 6),
      piece("f", "pc", 5, 4),
    );
    expect(gridAttackReach(s, { attacker: "a", target: "t", reach: "range", range: 6 }, strain)).toMatchObject({
      adjacentEnemies: 2,
    });
  });

  it("STR-45 terrain beside the target on the attacker's side gives it Cover against a Physical Attack only", () => {
    const s = stateOf(mapOf(10, 10, [[4, 5, 2]]), piece("a", "pc", 1, 5), piece("t", "npc", 5, 5));
    const q = { attacker: "a", target: "t", reach: "range", range: 6 } as const;
    expect(gridAttackReach(s, q, strain, true)).toMatchObject({ ok: true, cover: true });
    expect(gridAttackReach(s, q, strain, false)).toMatchObject({ ok: true, cover: false });
  });

  it("STR-49 an Obstructed line is refused", () => {
    const s = stateOf(
      mapOf(10, 10, [
        [4, 4, 2],
        [4, 5, 2],
        [4, 6, 2],
      ]),
      piece("a", "pc", 1, 5),
      piece("t", "npc", 5, 5),
    );
    expect(gridAttackReach(s, { attacker: "a", target: "t", reach: "range", range: 6 }, strain)).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.Obstructed",
      clause: "STR-49",
    });
  });

  it("ESC-37 a melee attack reaches the attacker's melee zone only; ESC-60 Reach makes it 2 spaces", () => {
    const near = stateOf(mapOf(10, 10), piece("a", "pc", 1, 1), piece("t", "npc", 2, 2));
    const q = { attacker: "a", target: "t", reach: "zone", range: 1 } as const;
    expect(gridAttackReach(near, q, escalation)).toMatchObject({ ok: true, distance: 1 });
    const far = stateOf(mapOf(10, 10), piece("a", "pc", 1, 1), piece("t", "npc", 3, 1));
    expect(gridAttackReach(far, q, escalation)).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.OutOfReach",
      clause: "ESC-37",
    });
    const reach = stateOf(mapOf(10, 10), piece("a", "pc", 1, 1, { reach: true }), piece("t", "npc", 3, 1));
    expect(gridAttackReach(reach, q, escalation)).toMatchObject({ ok: true, distance: 2 });
  });

  it("ESC-34 the attacker in the target unit's melee zone is reported; ESC-16 an ally behind the target flanks", () => {
    const s = stateOf(mapOf(10, 10), piece("a", "pc", 4, 5), piece("t", "npc", 5, 5), piece("ally", "pc", 6, 5));
    expect(gridAttackReach(s, { attacker: "a", target: "t", reach: "zone", range: 1 }, escalation)).toMatchObject({
      attackerInTargetZone: true,
      flanking: true,
    });
    const apart = stateOf(mapOf(10, 10), piece("a", "pc", 1, 5), piece("t", "npc", 5, 5));
    expect(gridAttackReach(apart, { attacker: "a", target: "t", reach: "range", range: 6 }, escalation)).toMatchObject({
      attackerInTargetZone: false,
      flanking: false,
    });
  });

  it("TEAM-57 a target with its enemies on two opposite sides is surrounded; two on one side are not", () => {
    const q = { attacker: "a", target: "t", reach: "any", range: 0 } as const;
    const teams = gridOptions("teams");
    const round = stateOf(
      mapOf(10, 10),
      piece("a", "pc", 1, 1),
      piece("t", "npc", 5, 5),
      piece("n", "pc", 5, 4),
      piece("s", "pc", 5, 6),
    );
    expect(gridAttackReach(round, q, teams)).toMatchObject({ ok: true, surrounded: true });
    const oneSide = stateOf(
      mapOf(10, 10),
      piece("a", "pc", 1, 1),
      piece("t", "npc", 5, 5),
      piece("n", "pc", 5, 4),
      piece("w", "pc", 4, 5),
    );
    expect(gridAttackReach(oneSide, q, teams)).toMatchObject({ ok: true, surrounded: false });
  });
});
