import { describe, expect, it } from "vitest";
import { scriptedRoller } from "../../../../src/core/shared/roller.js";
import {
  applyGridMove,
  checkGridMap,
  flatGridMap,
  gridOptions,
  queryGridMove,
  startMovePhase,
  type GridMoveContext,
} from "../../../../src/core/space/grid/index.js";
import { c, mapOf, piece, run, stateOf } from "./fixtures.js";

const strain: GridMoveContext = { options: gridOptions("strain") };

describe("strain grid movement", () => {
  it("STR-15 a step to any adjacent square, diagonal included, costs 1", () => {
    const s = stateOf(mapOf(5, 5), piece("a", "pc", 0, 0));
    const diag = queryGridMove(s, { mover: "a", mode: "walk", path: [c(0, 0), c(1, 1)] }, strain);
    const straight = queryGridMove(s, { mover: "a", mode: "walk", path: [c(0, 0), c(1, 0)] }, strain);
    expect(diag.ok && diag.cost).toBe(1);
    expect(straight.ok && straight.cost).toBe(1);
  });

  it("STR-15 a path jumping over a square is refused", () => {
    const s = stateOf(mapOf(5, 5), piece("a", "pc", 0, 0));
    const r = queryGridMove(s, { mover: "a", mode: "walk", path: [c(0, 0), c(2, 0)] }, strain);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.clause).toBe("STR-15");
  });

  it("STR-19 movement up to Speed is allowed, beyond it refused", () => {
    const s = stateOf(mapOf(10, 1), piece("a", "pc", 0, 0, { speed: 6 }));
    const six = queryGridMove(s, { mover: "a", mode: "walk", path: run(c(0, 0), c(6, 0)) }, strain);
    const seven = queryGridMove(s, { mover: "a", mode: "walk", path: run(c(0, 0), c(7, 0)) }, strain);
    expect(six.ok && six.cost).toBe(6);
    expect(seven.ok).toBe(false);
    expect(!seven.ok && seven.key).toBe("FRAY.Refusal.OverSpeed");
    expect(!seven.ok && seven.clause).toBe("STR-19");
  });

  it("STR-19 movement already spent this turn counts against Speed", () => {
    const s = stateOf(mapOf(10, 1), piece("a", "pc", 0, 0, { speed: 6, spent: 4 }));
    expect(queryGridMove(s, { mover: "a", mode: "walk", path: run(c(0, 0), c(2, 0)) }, strain).ok).toBe(true);
    const r = queryGridMove(s, { mover: "a", mode: "walk", path: run(c(0, 0), c(3, 0)) }, strain);
    expect(!r.ok && r.clause).toBe("STR-19");
    const moved = applyGridMove(s, { mover: "a", mode: "walk", path: run(c(0, 0), c(2, 0)) }, strain);
    expect(moved.ok && moved.state.pieces[0]?.spent).toBe(6);
    const fresh = moved.ok ? startMovePhase(moved.state, "a") : moved;
    expect(fresh.ok && fresh.state.pieces[0]?.spent).toBe(0);
  });

  it("STR-19 the cheapest path is found within the Speed budget, or refused", () => {
    const s = stateOf(mapOf(10, 10), piece("a", "pc", 0, 0, { speed: 6 }));
    const near = queryGridMove(s, { mover: "a", mode: "walk", to: c(5, 3) }, strain);
    expect(near.ok && near.cost).toBe(5);
    expect(near.ok && near.path).toHaveLength(6);
    const far = queryGridMove(s, { mover: "a", mode: "walk", to: c(8, 3) }, strain);
    expect(!far.ok && far.key).toBe("FRAY.Refusal.NoPathWithinSpeed");
  });

  it("STR-20 allies' squares can be passed through but not ended in", () => {
    const s = stateOf(mapOf(5, 1), piece("a", "pc", 0, 0), piece("b", "pc", 1, 0));
    const through = queryGridMove(s, { mover: "a", mode: "walk", path: run(c(0, 0), c(2, 0)) }, strain);
    expect(through.ok && through.end).toEqual(c(2, 0));
    const onto = queryGridMove(s, { mover: "a", mode: "walk", path: run(c(0, 0), c(1, 0)) }, strain);
    expect(!onto.ok && onto.key).toBe("FRAY.Refusal.AllySquareEnd");
    expect(!onto.ok && onto.clause).toBe("STR-20");
  });

  it("STR-20 a character cannot be pushed into an ally's square", () => {
    const s = stateOf(mapOf(5, 1), piece("a", "pc", 0, 0), piece("b", "pc", 1, 0));
    const r = queryGridMove(s, { mover: "a", mode: "push", path: run(c(0, 0), c(1, 0)) }, strain);
    expect(!r.ok && r.key).toBe("FRAY.Refusal.AllySquarePush");
    expect(!r.ok && r.clause).toBe("STR-20");
  });

  it("STR-21 enemies' squares cannot be entered; the cheapest path goes around", () => {
    const s = stateOf(mapOf(5, 3), piece("a", "pc", 0, 1), piece("e", "npc", 1, 1));
    const r = queryGridMove(s, { mover: "a", mode: "walk", path: run(c(0, 1), c(2, 1)) }, strain);
    expect(!r.ok && r.clause).toBe("STR-21");
    const around = queryGridMove(s, { mover: "a", mode: "walk", to: c(2, 1) }, strain);
    expect(around.ok && around.cost).toBe(2);
    expect(around.ok && around.path.some((p) => p.x === 1 && p.y === 1)).toBe(false);
  });

  it("STR-21 a push cannot go through enemies either, and says so without a Speed", () => {
    const s = stateOf(mapOf(3, 1), piece("a", "pc", 0, 0), piece("e", "npc", 1, 0));
    const r = queryGridMove(s, { mover: "a", mode: "push", to: c(2, 0) }, strain);
    expect(!r.ok && r.key).toBe("FRAY.Refusal.NoPushPath");
    expect(!r.ok && JSON.parse(JSON.stringify(r))).toEqual(r);
  });

  it("STR-22 Teleport ignores what lies between and the costs of leaving and entering", () => {
    const walls = [piece("e1", "npc", 1, 0), piece("e2", "npc", 1, 1), piece("e3", "npc", 1, 2)];
    const map = mapOf(6, 3, [[4, 1, 3]], [c(0, 1)]);
    const s = stateOf(map, piece("a", "pc", 0, 1), ...walls);
    const r = queryGridMove(s, { mover: "a", mode: "teleport", to: c(4, 1) }, strain);
    expect(r.ok && r.cost).toBe(4);
    expect(r.ok && r.path).toEqual([c(0, 1), c(4, 1)]);
    const walked = queryGridMove(s, { mover: "a", mode: "walk", to: c(4, 1) }, strain);
    expect(walked.ok).toBe(false);
  });

  it("STR-22 a Teleport is limited by its range and cannot land on a character", () => {
    const s = stateOf(mapOf(8, 1), piece("a", "pc", 0, 0), piece("b", "pc", 3, 0));
    const far = queryGridMove(s, { mover: "a", mode: "teleport", to: c(5, 0) }, { ...strain, teleportRange: 4 });
    expect(!far.ok && far.key).toBe("FRAY.Refusal.TeleportOutOfRange");
    const onAlly = queryGridMove(s, { mover: "a", mode: "teleport", to: c(3, 0) }, strain);
    expect(!onAlly.ok && onAlly.clause).toBe("STR-20");
    const free = queryGridMove(
      s,
      { mover: "a", mode: "teleport", to: c(4, 0) },
      { ...strain, teleportUsesMovement: false },
    );
    expect(free.ok && free.cost).toBe(0);
  });

  it("STR-23 leaving Difficult Terrain costs +1, entering it does not", () => {
    const s = stateOf(mapOf(5, 1, [], [c(1, 0)]), piece("a", "pc", 0, 0));
    const into = queryGridMove(s, { mover: "a", mode: "walk", path: run(c(0, 0), c(1, 0)) }, strain);
    const across = queryGridMove(s, { mover: "a", mode: "walk", path: run(c(0, 0), c(2, 0)) }, strain);
    expect(into.ok && into.cost).toBe(1);
    expect(across.ok && across.cost).toBe(3);
  });

  it("STR-24 squares are at Elevation 0 by default and elevation comes in whole steps", () => {
    expect(flatGridMap(3, 2).elevation).toEqual([0, 0, 0, 0, 0, 0]);
    const half = { ...flatGridMap(2, 1), elevation: [0, 0.5] };
    expect(checkGridMap(half)?.clause).toBe("STR-24");
  });

  it("STR-25 one level up or down is free, each further level costs +1", () => {
    const map = mapOf(4, 1, [
      [1, 0, 1],
      [2, 0, 4],
      [3, 0, 3],
    ]);
    const s = stateOf(map, piece("a", "pc", 0, 0, { speed: 10 }));
    const up1 = queryGridMove(s, { mover: "a", mode: "walk", path: run(c(0, 0), c(1, 0)) }, strain);
    const up3 = queryGridMove(s, { mover: "a", mode: "walk", path: run(c(0, 0), c(2, 0)) }, strain);
    const down1 = queryGridMove(s, { mover: "a", mode: "walk", path: run(c(0, 0), c(3, 0)) }, strain);
    expect(up1.ok && up1.cost).toBe(1);
    expect(up3.ok && up3.cost).toBe(1 + 1 + 2);
    expect(down1.ok && down1.cost).toBe(1 + 3 + 1);
  });

  it("STR-26 a drop of 2+ levels costs nothing extra with a contested Endurance/Reflex roll", () => {
    const s = stateOf(mapOf(3, 1, [[1, 0, -3]]), piece("a", "pc", 0, 0, { endurance: 1, reflex: 2 }));
    // character 6+6+2 = 14 against environment 1+1+3 = 5
    const roller = scriptedRoller([6, 6, 1, 1]);
    const r = queryGridMove(s, { mover: "a", mode: "walk", path: run(c(0, 0), c(1, 0)) }, { ...strain, roller });
    expect(r.ok && r.cost).toBe(1);
    expect(r.ok && r.events).toEqual([
      {
        type: "descent-roll",
        clause: "STR-26",
        id: "a",
        at: 1,
        levels: 3,
        // STR-28: the Speed before the roll and the movement spent on landing travel with it.
        speed: 6,
        spent: 1,
        modifier: 2,
        skill: "reflex",
        result: "success",
        total: 14,
        opposition: 5,
        rolls: {
          character: {
            formula: "2d6+2",
            dice: [6, 6].map((value) => ({ sides: 6, value, kept: true })),
            modifier: 2,
            total: 14,
          },
          environment: {
            formula: "2d6+3",
            dice: [1, 1].map((value) => ({ sides: 6, value, kept: true })),
            modifier: 3,
            total: 5,
          },
        },
      },
    ]);
    expect(roller.used).toBe(4);
  });

  it("STR-26 a tie with the environment fails (ruling) and the table may pay the climb instead", () => {
    const s = stateOf(mapOf(3, 1, [[1, 0, -2]]), piece("a", "pc", 0, 0, { endurance: 0 }));
    const tie = queryGridMove(
      s,
      { mover: "a", mode: "walk", path: run(c(0, 0), c(1, 0)) },
      { ...strain, roller: scriptedRoller([3, 3, 2, 2]) },
    );
    expect(tie.ok && tie.events.find((e) => e.type === "descent-roll")).toMatchObject({
      result: "failure",
      total: 6,
      opposition: 6,
    });
    const pay = queryGridMove(
      s,
      { mover: "a", mode: "walk", path: run(c(0, 0), c(1, 0)) },
      { options: gridOptions("strain", { descentChoice: "pay" }) },
    );
    expect(pay.ok && pay.cost).toBe(2);
    expect(pay.ok && pay.events).toEqual([]);
  });

  it("STR-26 a result rolled by the table is used instead of the Roller; with neither the roll stays pending", () => {
    const s = stateOf(mapOf(3, 1, [[1, 0, -2]]), piece("a", "pc", 0, 0, { endurance: 3, reflex: 1 }));
    const given = queryGridMove(
      s,
      { mover: "a", mode: "walk", path: run(c(0, 0), c(1, 0)) },
      { ...strain, descentResults: ["success"] },
    );
    expect(given.ok && given.events).toEqual([
      {
        type: "descent-roll",
        clause: "STR-26",
        id: "a",
        at: 1,
        levels: 2,
        speed: 6,
        spent: 1,
        modifier: 3,
        skill: "endurance",
        result: "success",
      },
    ]);
    const pending = queryGridMove(s, { mover: "a", mode: "walk", path: run(c(0, 0), c(1, 0)) }, strain);
    expect(pending.ok && pending.events[0]).toMatchObject({ result: "pending" });
  });

  it("STR-27 a failed descent roll gives +1 Slowed and the move goes on", () => {
    const s = stateOf(
      mapOf(5, 1, [
        [1, 0, -2],
        [2, 0, -2],
        [3, 0, -2],
      ]),
      piece("a", "pc", 0, 0, { speed: 6 }),
    );
    const q = { mover: "a", mode: "walk" as const, path: run(c(0, 0), c(3, 0)) };
    const r = applyGridMove(s, q, { ...strain, descentResults: ["failure"] });
    expect(r.ok && r.events.map((e) => e.type)).toEqual(["descent-roll", "slowed"]);
    expect(r.ok && r.state.pieces[0]).toMatchObject({ cell: c(3, 0), slowed: 1, spent: 3 });
    expect(r.ok && r.state.pieces[0]?.dazed).toBeUndefined();
  });

  it("STR-28 a failed drop after spending the new speed stops the move and gives +1 Dazed", () => {
    const s = stateOf(
      mapOf(5, 1, [
        [2, 0, -2],
        [3, 0, -2],
      ]),
      piece("a", "pc", 0, 0, { speed: 3 }),
    );
    const q = { mover: "a", mode: "walk" as const, path: run(c(0, 0), c(3, 0)) };
    const r = applyGridMove(s, q, { ...strain, descentResults: ["failure"] });
    expect(r.ok && r.events.map((e) => e.type)).toEqual(["descent-roll", "slowed", "dazed", "stopped"]);
    expect(r.ok && r.state.pieces[0]).toMatchObject({ cell: c(2, 0), slowed: 1, dazed: 1 });
    // it cannot move further this turn
    const again = r.ok ? queryGridMove(r.state, { mover: "a", mode: "walk", path: run(c(2, 0), c(3, 0)) }, strain) : r;
    expect(!again.ok && again.clause).toBe("STR-19");
  });

  it("STR-28 with movement left after the Slowed the move goes on until the new speed runs out", () => {
    const s = stateOf(
      mapOf(6, 1, [
        [1, 0, -2],
        [2, 0, -2],
        [3, 0, -2],
        [4, 0, -2],
      ]),
      piece("a", "pc", 0, 0, { speed: 4 }),
    );
    const r = queryGridMove(
      s,
      { mover: "a", mode: "walk", path: run(c(0, 0), c(4, 0)) },
      { ...strain, descentResults: ["failure"] },
    );
    expect(r.ok && r.end).toEqual(c(3, 0));
    expect(r.ok && r.cost).toBe(3);
    expect(r.ok && r.events.map((e) => e.type)).toEqual(["descent-roll", "slowed", "stopped"]);
    expect(r.ok && r.events.some((e) => e.type === "dazed")).toBe(false);
  });

  it("STR-20 a move cut short by a Slowed steps back off an ally's square it would end on", () => {
    const low: [number, number, number][] = [1, 2, 3, 4, 5].map((x) => [x, 0, -2]);
    const s = stateOf(mapOf(6, 1, low), piece("a", "pc", 0, 0, { speed: 4 }), piece("b", "pc", 3, 0));
    const r = queryGridMove(
      s,
      { mover: "a", mode: "walk", path: run(c(0, 0), c(4, 0)) },
      { ...strain, descentResults: ["failure"] },
    );
    expect(r.ok && r.end).toEqual(c(2, 0));
    expect(r.ok && r.cost).toBe(2);
    expect(r.ok && r.events.map((e) => [e.type, e.at])).toEqual([
      ["descent-roll", 1],
      ["slowed", 1],
      ["stopped", 2],
    ]);
  });

  it("STR-29 an involuntary move that drops 2+ levels makes the same roll, whatever the speed", () => {
    const s = stateOf(mapOf(5, 1, [[2, 0, -3]]), piece("a", "pc", 0, 0, { speed: 0 }));
    const ctx = { options: gridOptions("strain", { descentChoice: "pay" }), descentResults: ["failure" as const] };
    const r = applyGridMove(s, { mover: "a", mode: "push", path: run(c(0, 0), c(2, 0)) }, ctx);
    expect(r.ok && r.events[0]).toMatchObject({ type: "descent-roll", clause: "STR-29", levels: 3, result: "failure" });
    expect(r.ok && r.events[1]).toMatchObject({ type: "slowed", clause: "STR-27" });
    expect(r.ok && r.state.pieces[0]).toMatchObject({ cell: c(2, 0), spent: 0, slowed: 1 });
  });
});
