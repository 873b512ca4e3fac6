import { describe, expect, it } from "vitest";
import { scriptedRoller } from "../../../src/core/shared/roller.js";
import { queryGridMove } from "../../../src/core/space/grid/grid-movement.js";
import { gridOptions } from "../../../src/core/space/grid/grid-options.js";
import type { GridState } from "../../../src/core/space/grid/grid-state.js";
import {
  gridMoveEffects,
  readMoveEffect,
  resolveMoveEffect,
  sectionMoveEffects,
  zoneMoveEffects,
  type RolledEffect,
} from "../../../src/core/space/move-effects.js";
import { fallEvent } from "../../../src/core/space/sections/falling.js";

const descent = (over: Partial<Extract<RolledEffect, { kind: "descent" }>> = {}): RolledEffect => ({
  kind: "descent",
  clause: "STR-26",
  mover: "t",
  levels: 3,
  skill: "endurance",
  modifier: 1,
  speed: 4,
  spent: 1,
  speedLoss: 1,
  ...over,
});

describe("what a move causes, rolled through the injected Roller", () => {
  it("SEC-13 a fall of Height 2 takes 1d4 per point of Height, rolled by the Roller", () => {
    const roller = scriptedRoller([3, 4]);
    expect(resolveMoveEffect({ kind: "fall", clause: "SEC-13", mover: "t", height: 2 }, roller)).toEqual({
      kind: "fall",
      damage: 7,
      dice: [3, 4],
      // The roll itself, for the chat to show as the core made it.
      roll: {
        formula: "2d4",
        dice: [
          { sides: 4, value: 3, kept: true },
          { sides: 4, value: 4, kept: true },
        ],
        modifier: 0,
        total: 7,
      },
    });
    expect(roller.used).toBe(2);
  });

  it("SEC-14 a drop of Height 3 deals 3d4", () => {
    const out = resolveMoveEffect({ kind: "fall", clause: "SEC-13", mover: "t", height: 3 }, scriptedRoller([1, 2, 4]));
    expect(out).toEqual({
      kind: "fall",
      damage: 7,
      dice: [1, 2, 4],
      roll: {
        formula: "3d4",
        dice: [
          { sides: 4, value: 1, kept: true },
          { sides: 4, value: 2, kept: true },
          { sides: 4, value: 4, kept: true },
        ],
        modifier: 0,
        total: 7,
      },
    });
  });

  it("STR-26 2d6 + modifier must beat the environment's 2d6 + the levels; STR-27 a success lands with nothing", () => {
    // 5 + 5 + 1 = 11 against 3 + 4 + 3 = 10.
    expect(resolveMoveEffect(descent(), scriptedRoller([5, 5, 3, 4]))).toEqual({
      kind: "descent",
      result: "success",
      total: 11,
      opposition: 10,
      slowed: 0,
      dazed: 0,
      rolls: {
        character: {
          formula: "2d6+1",
          dice: [5, 5].map((value) => ({ sides: 6, value, kept: true })),
          modifier: 1,
          total: 11,
        },
        environment: {
          formula: "2d6+3",
          dice: [3, 4].map((value) => ({ sides: 6, value, kept: true })),
          modifier: 3,
          total: 10,
        },
      },
    });
  });

  it("STR-26 a tie fails (ruling); STR-27 a failure gives +1 Slowed; STR-28 no Dazed while movement is left", () => {
    // 4 + 4 + 1 = 9 against 3 + 3 + 3 = 9: a tie. Speed 4 less 1 is 3, only 1 spent.
    expect(resolveMoveEffect(descent(), scriptedRoller([4, 4, 3, 3]))).toMatchObject({
      result: "failure",
      slowed: 1,
      dazed: 0,
    });
  });

  it("STR-28 a failure when the spent movement reaches the new Speed also gives +1 Dazed", () => {
    expect(resolveMoveEffect(descent({ spent: 3 }), scriptedRoller([1, 1, 6, 6]))).toMatchObject({
      slowed: 1,
      dazed: 1,
    });
  });

  it("STR-29 an involuntary descent rolls the same, and a failure never dazes", () => {
    expect(resolveMoveEffect(descent({ clause: "STR-29", spent: 9 }), scriptedRoller([1, 1, 6, 6]))).toMatchObject({
      result: "failure",
      slowed: 1,
      dazed: 0,
    });
  });

  it("STR-26 a walk down a cliff leaves its descent roll pending, with the Speed and movement spent on landing", () => {
    const map = { width: 3, height: 1, elevation: [0, 3, 0], difficult: [0, 0, 0] };
    const state: GridState = {
      map,
      pieces: [{ id: "t", side: "pc", cell: { x: 1, y: 0 }, speed: 4, spent: 1, endurance: 2 }],
    };
    const options = gridOptions("strain");
    const answer = queryGridMove(
      state,
      {
        mover: "t",
        mode: "walk",
        path: [
          { x: 1, y: 0 },
          { x: 2, y: 0 },
        ],
      },
      { options },
    );
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(gridMoveEffects(answer.events, options)).toEqual([
      {
        kind: "descent",
        clause: "STR-26",
        mover: "t",
        levels: 3,
        skill: "endurance",
        modifier: 2,
        speed: 4,
        spent: 2,
        speedLoss: 1,
      },
    ]);
  });

  it("ESC-39 free hits, SEC-13 falls and FAC-23 opportunity attacks become effects naming mover and enemy", () => {
    const hit = { type: "free-hit", clause: "ESC-39", by: "e", against: "t", at: 1, why: "left-melee-zone" } as const;
    expect(gridMoveEffects([hit], gridOptions("escalation"))).toEqual([
      { kind: "free-hit", clause: "ESC-39", mover: "t", by: "e", why: "left-melee-zone" },
    ]);
    expect(sectionMoveEffects([fallEvent("t", "a|b", 2, "SEC-13")])).toEqual([
      { kind: "fall", clause: "SEC-13", mover: "t", height: 2 },
    ]);
    expect(zoneMoveEffects([{ type: "opportunity-attack", clause: "FAC-23", by: "e", against: "t", at: 1 }])).toEqual([
      { kind: "opportunity-attack", clause: "FAC-23", mover: "t", by: "e" },
    ]);
  });

  it("a stored effect is read back only when it is one", () => {
    expect(readMoveEffect(descent())).toEqual(descent());
    expect(readMoveEffect({ kind: "fall", clause: "SEC-13", mover: "t", height: 2 })).toMatchObject({ height: 2 });
    for (const junk of [
      null,
      { kind: "fall", clause: "SEC-13", mover: "t", height: -1 },
      { kind: "fall", clause: "STR-26", mover: "t", height: 1 },
      { kind: "free-hit", clause: "ESC-39", mover: "t", why: "left-melee-zone" },
      { ...descent(), skill: "luck" },
      { kind: "opportunity-attack", clause: "FAC-23", mover: "", by: "e" },
    ])
      expect(readMoveEffect(junk)).toBeNull();
  });
});
