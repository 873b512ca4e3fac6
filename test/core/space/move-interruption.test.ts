import { describe, expect, it } from "vitest";
import { scriptedRoller } from "../../../src/core/shared/roller.js";
import { queryGridMove } from "../../../src/core/space/grid/grid-movement.js";
import { gridOptions } from "../../../src/core/space/grid/grid-options.js";
import type { GridState } from "../../../src/core/space/grid/grid-state.js";
import {
  gridMoveEffects,
  readMoveEffect,
  resolveMoveEffect,
  zoneMoveEffects,
} from "../../../src/core/space/move-effects.js";
import {
  interruptAtOpportunity,
  queryZoneMove,
  resumesAfterOpportunity,
  zoneOptions,
} from "../../../src/core/space/zones/index.js";
import { who, z, zonesWith } from "./zones/fixtures.js";

// Moves the texts stop short: a failed landing (STR-26..STR-28) decided before the move lands, an opportunity
// attack that interrupts the move (FAC-23).

const cliff = (speed: number, spent: number): GridState => ({
  map: { width: 6, height: 1, elevation: [3, 3, 0, 0, 0, 0], difficult: [0, 0, 0, 0, 0, 0] },
  pieces: [{ id: "t", side: "pc", cell: { x: 1, y: 0 }, speed, spent }],
});
const row = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => ({ x: from + k, y: 0 }));

describe("a descent decided before the move lands (STR-26..STR-28)", () => {
  it(
    "STR-28 a failed roll once the movement spent reaches the new Speed stops the move on the landing square; the " +
      "effect carries the roll and the stop",
    () => {
      const options = gridOptions("strain");
      // 1 + 1 against 6 + 6 + 3: a failure; landing with 3 spent of Speed 4 - 1.
      const answer = queryGridMove(
        cliff(4, 2),
        { mover: "t", mode: "walk", path: row(1, 3) },
        { options, roller: scriptedRoller([1, 1, 6, 6]) },
      );
      expect(answer).toMatchObject({ ok: true, end: { x: 2, y: 0 }, reached: 1, cost: 1 });
      if (!answer.ok) return;
      const [effect] = gridMoveEffects(answer.events, options);
      expect(effect).toMatchObject({
        kind: "descent",
        roll: { result: "failure", total: 2, opposition: 15 },
        stopped: "STR-28",
      });
      // The roll is the move's: resolving the card rolls nothing more.
      const roller = scriptedRoller([]);
      expect(resolveMoveEffect(effect as never, roller)).toEqual({
        kind: "descent",
        result: "failure",
        total: 2,
        opposition: 15,
        slowed: 1,
        dazed: 1,
      });
      expect(roller.used).toBe(0);
      expect(readMoveEffect(JSON.parse(JSON.stringify(effect)))).toEqual(effect);
    },
  );

  it(
    "STR-27 a failed roll with Speed left only slows: the move goes on and stops where the new " +
      "Speed runs out (STR-19)",
    () => {
      const options = gridOptions("strain");
      const answer = queryGridMove(
        cliff(4, 0),
        { mover: "t", mode: "walk", path: row(1, 5) },
        { options, roller: scriptedRoller([1, 1, 6, 6]) },
      );
      expect(answer).toMatchObject({ ok: true, end: { x: 4, y: 0 }, cost: 3 });
      if (!answer.ok) return;
      expect(gridMoveEffects(answer.events, options)).toEqual([
        expect.objectContaining({
          kind: "descent",
          stopped: "STR-19",
          roll: expect.objectContaining({ result: "failure" }) as unknown,
        }),
      ]);
    },
  );

  it("STR-26 a stored effect with a malformed roll or stop is not read", () => {
    const base = {
      kind: "descent",
      clause: "STR-26",
      mover: "t",
      levels: 3,
      skill: "reflex",
      modifier: 0,
      speed: 4,
      spent: 1,
      speedLoss: 1,
    };
    expect(readMoveEffect({ ...base, roll: { result: "maybe", total: 1, opposition: 2 } })).toBeNull();
    expect(readMoveEffect({ ...base, stopped: "FAC-23" })).toBeNull();
    expect(readMoveEffect({ ...base, roll: { result: "success", total: 9, opposition: 4 } })).toMatchObject({
      roll: { result: "success" },
    });
    // The contest's rolls are kept for the chat to show, or left out when they are not two rolls.
    const junk = readMoveEffect({
      ...base,
      roll: { result: "success", total: 9, opposition: 4, rolls: { character: 7 } },
    });
    expect(junk && "roll" in junk && junk.roll).toEqual({ result: "success", total: 9, opposition: 4 });
  });
});

describe("an opportunity attack interrupts the move (FAC-23)", () => {
  it(
    "FAC-23 the move is answered as far as the place it leaves the nearby enemy from, with that " +
      "step's attacks only",
    () => {
      const s = zonesWith(who("a", "red", z("A")), who("e", "blue", z("A")), who("f", "blue", z("B")));
      const o = { ...zoneOptions(), zonesPerTurn: 2 };
      const whole = queryZoneMove(s, { mover: "a", mode: "walk", path: [z("A"), z("B"), z("C")] }, o);
      expect(whole.ok && whole.events.map((e) => [e.by, e.at])).toEqual([
        ["e", 1],
        ["f", 2],
      ]);
      if (!whole.ok) return;
      const cut = interruptAtOpportunity(s, whole);
      expect(cut).toMatchObject({ end: z("A"), cost: 0, interrupted: 1 });
      expect(cut.events.map((e) => e.by)).toEqual(["e"]);
      expect(zoneMoveEffects(cut.events, true)).toEqual([
        { kind: "opportunity-attack", clause: "FAC-23", mover: "a", by: "e", stopped: "FAC-23" },
      ]);
    },
  );

  it(
    "FAC-23 the move resumed after the attack does not offer the same enemy another; a later enemy " +
      "still interrupts it",
    () => {
      const s = zonesWith(
        { ...who("a", "red", z("A")), provoked: ["e"] },
        who("e", "blue", z("A")),
        who("f", "blue", z("B")),
      );
      const o = { ...zoneOptions(), zonesPerTurn: 2 };
      const whole = queryZoneMove(s, { mover: "a", mode: "walk", path: [z("A"), z("B"), z("C")] }, o);
      if (!whole.ok) throw new Error(whole.reason);
      expect(interruptAtOpportunity(s, whole)).toMatchObject({
        end: z("B"),
        cost: 1,
        interrupted: 2,
        events: [{ by: "f" }],
      });
      const clear = zonesWith({ ...who("a", "red", z("A")), provoked: ["e"] }, who("e", "blue", z("A")));
      const free = queryZoneMove(clear, { mover: "a", mode: "walk", path: [z("A"), z("B")] }, o);
      if (!free.ok) throw new Error(free.reason);
      expect(interruptAtOpportunity(clear, free)).toEqual(free);
      expect(
        queryZoneMove(
          zonesWith({ ...who("a", "red", z("A")), provoked: [3] as never }),
          { mover: "a", mode: "walk", to: z("B") },
          o,
        ),
      ).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.MalformedZoneMap",
      });
    },
  );

  it("FAC-23 the turn resumes only if the character is still alive and conscious", () => {
    expect(resumesAfterOpportunity({ alive: true, conscious: true })).toBe(true);
    expect(resumesAfterOpportunity({ alive: false, conscious: true })).toBe(false);
    expect(resumesAfterOpportunity({ alive: true, conscious: false })).toBe(false);
  });
});
