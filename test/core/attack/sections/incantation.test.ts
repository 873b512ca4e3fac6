import { describe, expect, it } from "vitest";
import {
  NOT_INCANTING,
  beginIncanting,
  breakIncanting,
  declineCharges,
  endTurn,
  gainCharges,
  playIncantation,
  startTurn,
  rollAcrobatics,
  acrobaticsSucceeds,
  incantationWhileClimbing,
  type IncantationState,
} from "../../../../src/core/attack/sections/index.js";
import { entity } from "./fixtures.js";
import type { Outcome } from "../../../../src/core/shared/outcome.js";
import { scriptedRoller } from "../../../../src/core/shared/roller.js";

const turn = { actionPhaseAvailable: true, climbing: false };
const spent = { actionPhaseAvailable: false, climbing: false };
function ok<E>(o: Outcome<IncantationState, E>): IncantationState {
  if (!o.ok) throw new Error(o.reason);
  return o.state;
}

describe("incantations", () => {
  it("SEC-61 beginning to incant spends the Action Phase", () => {
    const r = beginIncanting(NOT_INCANTING, turn);
    expect(r.ok && r.state.incanting).toBe(true);
    expect(r.ok && r.events.some((e) => e.type === "actionSpent")).toBe(true);
    const refused = beginIncanting(NOT_INCANTING, spent);
    expect(!refused.ok && refused.key).toBe("FRAY.Refusal.NoActionPhase");
  });

  it("SEC-19 a climbing entity cannot begin incanting or play an Incantation", () => {
    expect(beginIncanting(NOT_INCANTING, { actionPhaseAvailable: true, climbing: true }).ok).toBe(false);
    expect(
      playIncantation({ incanting: false, charges: 3, startWindow: true }, 1, {
        actionPhaseAvailable: true,
        climbing: true,
      }).ok,
    ).toBe(false);
  });

  it(
    "SEC-62 at the start of the next turn an incanting entity gains 1 charge and may play without " +
      "spending the Action Phase",
    () => {
      const s = ok(startTurn(ok(beginIncanting(NOT_INCANTING, turn))));
      expect(s.charges).toBe(1);
      const played = playIncantation(s, 1, spent);
      expect(played.ok).toBe(true);
      expect(played.ok && played.events.some((e) => e.type === "actionSpent")).toBe(false);
    },
  );

  it("SEC-60 an Incantation Action needs that many charges", () => {
    const s = ok(startTurn(ok(beginIncanting(NOT_INCANTING, turn))));
    const r = playIncantation(s, 2, turn);
    expect(!r.ok && r.key).toBe("FRAY.Refusal.NotEnoughCharges");
  });

  it("SEC-63 playing spends every charge even when fewer were needed", () => {
    const r = playIncantation({ incanting: false, charges: 3, startWindow: true }, 1, turn);
    expect(r.ok && r.state.charges).toBe(0);
    expect(r.ok && r.events.find((e) => e.type === "incantationPlayed")).toMatchObject({ cost: 1, spent: 3 });
  });

  it("SEC-64 (example) incant for 2 turns, 2 charges, play an Incantation 1 Action: 0 charges left", () => {
    let s = ok(beginIncanting(NOT_INCANTING, turn)); // turn 1
    s = ok(startTurn(s)); // turn 2: 1 charge
    expect(s.charges).toBe(1);
    s = declineCharges(s);
    s = ok(beginIncanting(s, turn)); // incant again to keep it
    s = ok(endTurn(s));
    expect(s.charges).toBe(1);
    s = ok(startTurn(s)); // turn 3: 2 charges
    expect(s.charges).toBe(2);
    s = ok(playIncantation(s, 1, spent));
    expect(s.charges).toBe(0);
  });

  it("SEC-65 charges declined and not renewed by incanting again are lost at the end of the turn", () => {
    let s = ok(startTurn(ok(beginIncanting(NOT_INCANTING, turn))));
    s = declineCharges(s);
    const end = endTurn(s);
    expect(end.ok && end.state.charges).toBe(0);
    expect(end.ok && end.events[0]).toMatchObject({ type: "chargesLost", lost: 1 });
  });

  it("SEC-66 charges gained mid-turn can be played only by spending the Action Phase", () => {
    const s = ok(gainCharges(NOT_INCANTING, 2, "implement"));
    const noPhase = playIncantation(s, 2, spent);
    expect(!noPhase.ok && noPhase.key).toBe("FRAY.Refusal.NoActionPhase");
    const r = playIncantation(s, 2, turn);
    expect(r.ok && r.events.some((e) => e.type === "actionSpent")).toBe(true);
    expect(gainCharges(NOT_INCANTING, -1, "x").ok).toBe(false);
  });

  it("SEC-67 damage while incanting ends it and loses all charges", () => {
    const r = breakIncanting({ incanting: true, charges: 2, startWindow: false });
    expect(r.ok && r.state).toEqual(NOT_INCANTING);
    expect(r.ok && r.events[0]).toEqual({ type: "incantingBroken", lost: 2 });
  });
});

describe("acrobatics", () => {
  it("SEC-22 the entity succeeds when it ties or beats the DM's roll", () => {
    expect(acrobaticsSucceeds(5, 5)).toBe(true);
    expect(acrobaticsSucceeds(6, 5)).toBe(true);
    expect(acrobaticsSucceeds(4, 5)).toBe(false);
    const r = rollAcrobatics(scriptedRoller([3, 4]), 6, 1, 6);
    expect(r.success).toBe(true);
    expect([r.entity.total, r.dm.total]).toEqual([4, 4]);
  });
});

describe("incantations while climbing", () => {
  it(
    "SEC-19 an Action with an Incantation value is refused to a climbing attacker; a plain Action or a " +
      "climber-free one is not",
    () => {
      const climber = entity("ann", { conditions: ["climbing"] });
      expect(incantationWhileClimbing(climber, 2)).toMatchObject({
        key: "FRAY.Refusal.ClimbingCannotIncant",
        clause: "SEC-19",
      });
      expect(incantationWhileClimbing(climber, 0)).toBeNull();
      expect(incantationWhileClimbing(entity("ann"), 2)).toBeNull();
    },
  );
});
