import { describe, expect, it } from "vitest";
import { scriptedRoller } from "../../../../src/core/shared/roller.js";
import { escalationAttack, type EscalationCommand } from "../../../../src/core/attack/escalation/index.js";
import { FULL, ofType, run, unit } from "./helpers.js";

const declare = (extra: Partial<Extract<EscalationCommand, { type: "declare" }>> = {}): EscalationCommand => ({
  type: "declare",
  attacker: "ash",
  target: "orc",
  ...extra,
});
const fight = (attacker = {}, target = {}) => ({
  combatants: [unit("ash", attacker), unit("orc", { hp: 40, ...target })],
});

describe("escalation critical hits and auto fails", () => {
  it("ESC-27 a natural 20 is a critical hit even against a number it does not reach", () => {
    const r = run(fight({ accuracy: -5 }, { agility: 20 }), [declare(), { type: "roll" }], scriptedRoller([20, 1]));
    expect(r.state.toHit).toMatchObject({ outcome: "critical", hit: true, multiplier: 2 });
    expect(r.state.step).toBe("damage");
  });

  it("ESC-31 a critical hit doubles the damage", () => {
    const r = run(fight({ strength: 1 }), [declare(), ...FULL], scriptedRoller([20, 3, 5]));
    expect(ofType(r.events, "damageRolled")[0]).toMatchObject({ amount: 12, parts: { raw: 12, multiplier: 2 } });
    expect(r.state.combatants.orc?.hp).toBe(28);
  });

  it("ESC-28 ESC-32 a 4 on the d4 makes a super critical: damage x4", () => {
    const r = run(fight(), [declare(), ...FULL], scriptedRoller([20, 4, 2, 5]));
    expect(r.state.toHit).toMatchObject({ outcome: "superCritical", steps: 1, multiplier: 4 });
    expect(r.state.combatants.orc?.hp).toBe(20);
    const rolled = ofType(r.events, "toHitRolled")[0] as {
      roll: { dice: { sides: number; value: number; kept: boolean }[] };
    };
    expect(rolled.roll.dice).toEqual([
      { sides: 20, value: 20, kept: true },
      { sides: 4, value: 4, kept: false },
      { sides: 6, value: 2, kept: false },
    ]);
  });

  it("ESC-33 a super critical whose d6 shows 6 defeats the target on the spot, nothing more rolled", () => {
    const roller = scriptedRoller([20, 4, 6]);
    const r = run(fight(), [declare(), { type: "roll" }, { type: "apply" }], roller);
    expect(roller.used).toBe(3);
    expect(r.state.combatants.orc).toMatchObject({ hp: 0, condition: "defeated" });
    expect(ofType(r.events, "combatantDefeated")).toHaveLength(1);
    expect(r.state.step).toBe("done");
  });

  it("ESC-29 ESC-34 a natural 1 misses whatever the modifiers", () => {
    const r = run(fight({ accuracy: 30 }), [declare({ inMeleeZone: false }), { type: "roll" }], scriptedRoller([1, 2]));
    expect(r.state.toHit).toMatchObject({ outcome: "autoFail", hit: false, owed: "none" });
    expect(r.state.step).toBe("done");
  });

  it("ESC-34 ESC-40 a natural 1 in the target's melee zone gives it a free hit against the attacker", () => {
    const r = run(fight({ hp: 20 }, { agility: 0 }), [declare(), { type: "roll" }], scriptedRoller([1, 2]));
    expect(r.state.step).toBe("reactionWindow");
    expect(ofType(r.events, "freeHitOffered")[0]).toMatchObject({ by: "orc", against: "ash", critical: false });
    const taken = run(
      fight({ hp: 20 }, { agility: 0 }),
      [declare(), { type: "roll" }, { type: "react", reaction: "freeHit" }, ...FULL],
      scriptedRoller([1, 2, 15, 6]),
    );
    expect(taken.state.combatants.ash?.hp).toBe(14);
    expect(taken.state.combatants.orc?.freeHitsUsed).toBe(1);
    expect(taken.state.combatants.orc?.actions.aa).toBe(1);
  });

  it("ESC-34 the target may decline its free hit", () => {
    const r = run(fight(), [declare(), { type: "roll" }, { type: "skipReaction" }], scriptedRoller([1, 2]));
    expect(r.state.step).toBe("done");
    expect(r.state.combatants.orc?.freeHitsUsed).toBe(0);
  });

  it("ESC-30 ESC-35 a tragedy gives the target a free critical hit even with no Free Hit Slots", () => {
    const f = fight({ hp: 30 }, { agility: -1 });
    const roller = scriptedRoller([1, 4, 3, 5]);
    const r = run(
      f,
      [declare(), { type: "roll" }, { type: "react", reaction: "freeHit" }, { type: "rollDamage" }, { type: "apply" }],
      roller,
    );
    expect(ofType(r.events, "freeHitOffered")[0]).toMatchObject({ critical: true });
    expect(r.state.combatants.ash?.hp).toBe(20);
    expect(roller.used).toBe(4);
    expect(r.state.combatants.orc?.freeHitsUsed).toBe(0);
  });

  it("ESC-36 a tragedy whose d6 shows 6 kills the attacker instantly", () => {
    const roller = scriptedRoller([1, 4, 6]);
    const r = run(fight(), [declare(), { type: "roll" }, { type: "apply" }], roller);
    expect(roller.used).toBe(3);
    expect(r.state.combatants.ash).toMatchObject({ hp: 0, condition: "dead" });
    expect(ofType(r.events, "combatantKilled")[0]).toMatchObject({ combatant: "ash", by: "orc" });
  });

  it("ESC-35 ruling: a tragedy out of the melee zone gives nothing unless tragedyNeedsMeleeZone is off", () => {
    const off = run(fight(), [declare({ inMeleeZone: false }), { type: "roll" }], scriptedRoller([1, 4, 2]));
    expect(off.state.step).toBe("done");
    const on = run(
      { ...fight(), options: { tragedyNeedsMeleeZone: false } },
      [declare({ inMeleeZone: false }), { type: "roll" }],
      scriptedRoller([1, 4, 2]),
    );
    expect(on.state.step).toBe("reactionWindow");
  });

  it("ESC-42 Free Hit Slots are Agility + 1; none at 0 or less, and a used slot is gone until the next round", () => {
    const none = run(fight({}, { agility: -1 }), [declare(), { type: "roll" }], scriptedRoller([1, 2]));
    expect(none.state.step).toBe("done");
    const s = escalationAttack.start({ combatants: [unit("ash"), unit("orc", { agility: 0 })] }, scriptedRoller([]));
    if (!s.ok) throw new Error("start");
    const first = escalationAttack.apply(
      s.state,
      { type: "declare", attacker: "orc", target: "ash", kind: "freeHit" },
      scriptedRoller([]),
    );
    if (!first.ok) throw new Error(first.reason);
    const done = { ...first.state, step: "done" as const };
    const second = escalationAttack.apply(
      done,
      { type: "declare", attacker: "orc", target: "ash", kind: "freeHit" },
      scriptedRoller([]),
    );
    expect(!second.ok && second.key).toBe("FRAY.Refusal.NoFreeHitSlots");
    const round = escalationAttack.apply(done, { type: "newRound" }, scriptedRoller([]));
    if (!round.ok) throw new Error(round.reason);
    expect(
      escalationAttack.apply(
        round.state,
        { type: "declare", attacker: "orc", target: "ash", kind: "freeHit" },
        scriptedRoller([]),
      ).ok,
    ).toBe(true);
  });

  it("ESC-38 a free hit spends neither the Attack nor the Move Action", () => {
    const r = run(
      fight({}, { agility: 2 }),
      [{ type: "declare", attacker: "orc", target: "ash", kind: "freeHit" }],
      scriptedRoller([]),
    );
    expect(r.state.combatants.orc?.actions).toEqual({ aa: 1, ma: 1, ba: 2 });
  });

  it("ESC-51 sneak damage adds 1d4 and is multiplied by a critical hit", () => {
    const r = run(fight(), [declare({ undetected: true }), ...FULL], scriptedRoller([20, 1, 5, 3]));
    expect(ofType(r.events, "damageRolled")[0]).toMatchObject({ amount: 16 });
  });

  it("ESC-56 the Sneak attack feat adds another d4 to sneak damage", () => {
    const r = run(
      fight({ feats: ["sneakAttack"] }),
      [declare({ undetected: true }), ...FULL],
      scriptedRoller([12, 5, 3, 2]),
    );
    const e = ofType(r.events, "damageRolled")[0] as { amount: number; roll: { dice: { sides: number }[] } };
    expect(e.roll.dice.map((d) => d.sides)).toEqual([8, 4, 4]);
    expect(e.amount).toBe(10);
  });
});
