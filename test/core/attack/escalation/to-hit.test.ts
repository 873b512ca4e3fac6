import { describe, expect, it } from "vitest";
import { scriptedRoller } from "../../../../src/core/shared/roller.js";
import { escalationAttack, defenceOf, type EscalationCommand } from "../../../../src/core/attack/escalation/index.js";
import { FULL, ofType, run, unit, bolt } from "./helpers.js";

const declare = (extra: Partial<Extract<EscalationCommand, { type: "declare" }>> = {}): EscalationCommand => ({
  type: "declare",
  attacker: "ash",
  target: "orc",
  ...extra,
});

describe("escalation to-hit", () => {
  it("ESC-14 d20 + Accuracy hits when the total reaches Agility + 10", () => {
    const setup = { combatants: [unit("ash", { accuracy: 2 }), unit("orc", { agility: 3 })] };
    const hit = run(setup, [declare(), { type: "roll" }], scriptedRoller([11]));
    const rolled = ofType(hit.events, "toHitRolled")[0];
    expect(rolled).toMatchObject({ outcome: "hit", comparison: { total: 13, against: 13, margin: 0 } });
    expect(hit.state.step).toBe("damage");
    const miss = run(setup, [declare(), { type: "roll" }], scriptedRoller([10]));
    expect(ofType(miss.events, "toHitRolled")[0]).toMatchObject({
      outcome: "miss",
      comparison: { total: 12, against: 13 },
    });
    expect(miss.state.step).toBe("done");
  });

  it("ESC-14 the card's dice roll shows the d20 with the Accuracy modifier", () => {
    const r = run(
      { combatants: [unit("ash", { accuracy: 2 }), unit("orc")] },
      [declare(), { type: "roll" }],
      scriptedRoller([7]),
    );
    const e = ofType(r.events, "toHitRolled")[0] as { roll: { formula: string; total: number; dice: unknown[] } };
    expect(e.roll.formula).toBe("1d20+2");
    expect(e.roll.total).toBe(9);
    expect(e.roll.dice).toEqual([{ sides: 20, value: 7, kept: true }]);
  });

  it("ESC-13 an attack costs the one Attack Action; a second is refused", () => {
    const r = run({ combatants: [unit("ash"), unit("orc")] }, [declare(), { type: "roll" }], scriptedRoller([2]));
    expect(r.state.combatants.ash?.actions.aa).toBe(0);
    const again = escalationAttack.apply(r.state, declare(), scriptedRoller([]));
    expect(again.ok).toBe(false);
    expect(!again.ok && again.key).toBe("FRAY.Refusal.NoAttackAction");
    expect(!again.ok && again.clause).toBe("ESC-13");
  });

  it("ESC-13 a defeated or incapacitated attacker cannot attack", () => {
    for (const condition of ["defeated", "incapacitated", "dead"] as const) {
      const s = escalationAttack.start({ combatants: [unit("ash", { condition }), unit("orc")] }, scriptedRoller([]));
      if (!s.ok) throw new Error("start");
      const o = escalationAttack.apply(s.state, declare(), scriptedRoller([]));
      expect(!o.ok && o.key).toBe("FRAY.Refusal.AttackerCannotAct");
    }
  });

  it("ESC-16 flanking gives +1 accuracy and ESC-25 Center Mass another +1", () => {
    const r = run(
      { combatants: [unit("ash"), unit("orc")] },
      [declare({ flanking: true, aim: "centerMass" }), { type: "roll" }],
      scriptedRoller([8]),
    );
    expect(ofType(r.events, "toHitRolled")[0]).toMatchObject({
      outcome: "hit",
      comparison: { total: 10, against: 10 },
    });
  });

  it("ESC-44 a flat-footed target needs a total of 5 whatever its Agility", () => {
    const r = run(
      { combatants: [unit("ash"), unit("orc", { agility: 6, flatFooted: true })] },
      [declare(), { type: "roll" }],
      scriptedRoller([5]),
    );
    expect(ofType(r.events, "toHitRolled")[0]).toMatchObject({
      outcome: "hit",
      comparison: { against: 5 },
      defence: "flatFooted",
    });
  });

  it("ESC-46 a prone target needs 5 + its Agility", () => {
    const setup = { combatants: [unit("ash"), unit("orc", { agility: 3, prone: true })] };
    expect(
      ofType(run(setup, [declare(), { type: "roll" }], scriptedRoller([7])).events, "toHitRolled")[0],
    ).toMatchObject({
      outcome: "miss",
      comparison: { against: 8 },
    });
    expect(
      ofType(run(setup, [declare(), { type: "roll" }], scriptedRoller([8])).events, "toHitRolled")[0],
    ).toMatchObject({
      outcome: "hit",
      defence: "prone",
    });
  });

  it("ESC-45 a flat-footed flag set by the GM changes the number needed", () => {
    const r = run(
      { combatants: [unit("ash"), unit("orc", { agility: 4 })] },
      [{ type: "setStatus", combatant: "orc", status: "flatFooted", value: true }, declare(), { type: "roll" }],
      scriptedRoller([5]),
    );
    expect(r.state.toHit?.needed).toBe(5);
  });

  it("ESC-50 a channeler is flat-footed; ESC-58 Battle caster dodges normally", () => {
    expect(defenceOf(unit("m", { agility: 2, channeling: true }), 1, false).needed).toBe(5);
    expect(defenceOf(unit("m", { agility: 2, channeling: true, feats: ["battleCaster"] }), 1, false).needed).toBe(12);
  });

  it("ESC-51 an undetected attacker makes the target flat-footed", () => {
    expect(defenceOf(unit("m", { agility: 4 }), 1, true)).toEqual({ needed: 5, reason: "flatFooted" });
  });

  it("ESC-19 only a physical attack can be aimed", () => {
    const s = escalationAttack.start({ combatants: [unit("ash", { weapon: bolt }), unit("orc")] }, scriptedRoller([]));
    if (!s.ok) throw new Error("start");
    const o = escalationAttack.apply(s.state, declare({ aim: "fatal" }), scriptedRoller([]));
    expect(!o.ok && o.key).toBe("FRAY.Refusal.AimNeedsPhysicalAttack");
    expect(escalationAttack.apply(s.state, declare({ aim: null }), scriptedRoller([])).ok).toBe(true);
  });

  it("ESC-15 the damage dice come from the weapon", () => {
    const r = run(
      { combatants: [unit("ash", { weapon: bolt }), unit("orc")] },
      [declare(), ...FULL],
      scriptedRoller([15, 3, 5]),
    );
    const e = ofType(r.events, "damageRolled")[0] as { roll: { dice: { sides: number }[] }; amount: number };
    expect(e.roll.dice.map((d) => d.sides)).toEqual([6, 6]);
    expect(e.amount).toBe(8);
    expect(r.state.combatants.orc?.hp).toBe(2);
  });

  it("ESC-10 the extra attack spends the MA and both BAs and adds no Strength", () => {
    const r = run(
      { combatants: [unit("ash", { strength: 3 }), unit("orc", { hp: 20 })] },
      [declare({ kind: "extraAttack" }), ...FULL],
      scriptedRoller([15, 5]),
    );
    expect(r.state.combatants.ash?.actions).toEqual({ aa: 1, ma: 0, ba: 0 });
    expect(r.state.combatants.orc?.hp).toBe(15);
  });

  it("ESC-09 the +1 damage boost applies to melee weapons", () => {
    const r = run(
      { combatants: [unit("ash", { strength: 1 }), unit("orc", { hp: 20 })] },
      [declare({ damageBoost: 1, toHitBonus: 1 }), ...FULL],
      scriptedRoller([9, 5]),
    );
    expect(r.state.toHit?.total).toBe(10);
    expect(r.state.combatants.orc?.hp).toBe(13);
  });
});
