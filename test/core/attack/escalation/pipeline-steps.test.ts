import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  ATTACK_STEPS,
  STEP_BUTTON,
  advance,
  compare,
  isAttackStep,
  nextStep,
  requireInteger,
  requireNonNegativeInteger,
  requireStep,
  stepIndex,
  type AttackEvent,
  type AttackStep,
} from "../../../../src/core/attack/pipeline.js";

describe("shared attack pipeline vocabulary", () => {
  it("walks declare -> rollToHit -> reactionWindow -> damage -> apply -> done and stays done", () => {
    const walked: AttackStep[] = [ATTACK_STEPS[0]];
    for (let i = 0; i < 7; i++) walked.push(nextStep(walked[walked.length - 1] ?? "done"));
    expect(walked).toEqual(["declare", "rollToHit", "reactionWindow", "damage", "apply", "done", "done", "done"]);
    expect(ATTACK_STEPS.map(stepIndex)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("shows one button for each step that waits on a person", () => {
    expect(ATTACK_STEPS.map((s) => STEP_BUTTON[s])).toEqual([null, "roll", "react", "rollDamage", "apply", null]);
    expect(isAttackStep("damage")).toBe(true);
    expect(isAttackStep("parry")).toBe(false);
    expect(isAttackStep(3)).toBe(false);
  });

  it("refuses a command at the wrong step, and says when the attack is over", () => {
    const base = { attacker: "a", target: "b" };
    expect(requireStep({ ...base, step: "damage" }, "damage")).toBeNull();
    expect(requireStep({ ...base, step: "declare" }, "damage")).toMatchObject({
      key: "FRAY.Refusal.WrongAttackStep",
      data: { step: "declare", expected: "damage" },
    });
    expect(requireStep({ ...base, step: "done" }, "apply")).toMatchObject({ key: "FRAY.Refusal.AttackOver" });
  });

  it("checks numbers: whole and not negative", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double(), fc.constant(Number.NaN), fc.string()), (v) => {
        const ok = typeof v === "number" && Number.isInteger(v);
        expect(requireInteger(v, "x") === null).toBe(ok);
        expect(requireNonNegativeInteger(v, "x", "ESC-20") === null).toBe(ok && v >= 0);
      }),
    );
    expect(requireNonNegativeInteger(-1, "damage", "TEAM-64")).toMatchObject({
      key: "FRAY.Refusal.NegativeValue",
      clause: "TEAM-64",
      data: { name: "damage", value: "-1" },
    });
  });

  it("advance records the step change for the card and copies the state", () => {
    const events: AttackEvent[] = [];
    const s0 = Object.freeze({ step: "rollToHit" as const, attacker: "a", target: "b" });
    const s1 = advance(s0, "damage", events);
    expect(s1).toEqual({ step: "damage", attacker: "a", target: "b" });
    expect(s0.step).toBe("rollToHit");
    expect(events).toEqual([{ type: "stepChanged", from: "rollToHit", to: "damage" }]);
    advance(s1, "damage", events);
    expect(events).toHaveLength(1);
    expect(compare(6, 6)).toEqual({ total: 6, against: 6, margin: 0 });
  });
});
