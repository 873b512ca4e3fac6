import { describe, expect, it } from "vitest";
import { scriptedRoller } from "../../../../src/core/shared/roller.js";
import { escalationAttack, movementWhile } from "../../../../src/core/attack/escalation/index.js";
import { resolveEscalationAttack } from "../../../../src/core/fast/index.js";
import { FULL, ofType, run, unit } from "./helpers.js";

const fight = (a = {}, t = {}) => ({ combatants: [unit("ash", a), unit("orc", { hp: 40, ...t })] });

describe("escalation extras", () => {
  it("ESC-41 a free hit granted by a feat is declared as a free hit and spends a slot, not an action", () => {
    const r = run(
      fight({ agility: 1 }),
      [{ type: "declare", attacker: "ash", target: "orc", kind: "freeHit" }, ...FULL],
      scriptedRoller([15, 4]),
    );
    expect(r.state.combatants.ash).toMatchObject({ freeHitsUsed: 1, actions: { aa: 1, ma: 1, ba: 2 } });
    expect(r.state.combatants.orc?.hp).toBe(36);
  });

  it("ESC-49 a disarmed unit fights unarmed; retrieving the item costs 1 AA, MA or BA", () => {
    const r = run(
      fight(),
      [
        { type: "disarm", combatant: "ash" },
        { type: "declare", attacker: "ash", target: "orc" },
      ],
      scriptedRoller([]),
    );
    expect(r.state.declaration?.weapon.name).toBe("unarmed");
    const back = run(
      fight(),
      [
        { type: "disarm", combatant: "ash" },
        { type: "retrieve", combatant: "ash", pay: "ma" },
      ],
      scriptedRoller([]),
    );
    expect(back.state.combatants.ash).toMatchObject({ disarmed: false, actions: { aa: 1, ma: 0, ba: 2 } });
    const o = escalationAttack.apply(back.state, { type: "retrieve", combatant: "ash", pay: "ma" }, scriptedRoller([]));
    expect(!o.ok && o.key).toBe("FRAY.Refusal.NotDisarmed");
  });

  it(
    "ESC-12 ESC-59 halved movement while sneaking or climbing; Maneuverer moves normally while " +
      "sneaking or swimming",
    () => {
      expect(movementWhile(unit("a"), ["sneaking"])).toBe(3);
      expect(movementWhile(unit("a"), ["sneaking", "climbing"])).toBe(3);
      expect(movementWhile(unit("a", { feats: ["maneuverer"] }), ["sneaking", "swimming"])).toBe(6);
      expect(movementWhile(unit("a", { feats: ["maneuverer"] }), ["climbing"])).toBe(3);
      expect(movementWhile(unit("a", { movement: 7 }), ["carryingMax"])).toBe(3);
    },
  );

  it("ESC-20 damage from outside an attack is net: 6 or more wounds; a negative value is refused", () => {
    const r = run(fight(), [{ type: "damage", target: "orc", amount: 6 }], scriptedRoller([]));
    expect(r.state.combatants.orc).toMatchObject({ hp: 34, wounds: [{ target: "unaimed", round: 1 }] });
    expect(ofType(r.events, "woundInflicted")).toHaveLength(1);
    const o = escalationAttack.apply(r.state, { type: "damage", target: "orc", amount: -1 }, scriptedRoller([]));
    expect(!o.ok && o.key).toBe("FRAY.Refusal.NegativeValue");
  });

  it("ESC-34 the quick resolver reports the free hit owed after a natural 1 in melee", () => {
    const q = resolveEscalationAttack(unit("ash"), unit("orc"), scriptedRoller([1, 2]));
    expect(q).toMatchObject({ outcome: "autoFail", owed: "freeHit", damage: 0 });
    const t = resolveEscalationAttack(unit("ash"), unit("orc"), scriptedRoller([1, 4, 6]));
    expect(t.attacker.condition).toBe("dead");
  });

  it("ESC-47 standing up from prone costs 1 AA, 1 MA or 1 BA, the unit's choice", () => {
    const r = run(fight({ prone: true }), [{ type: "standUp", combatant: "ash", pay: "ba" }], scriptedRoller([]));
    expect(r.state.combatants.ash).toMatchObject({ prone: false, actions: { aa: 1, ma: 1, ba: 1 } });
    const o = escalationAttack.apply(r.state, { type: "standUp", combatant: "ash", pay: "ba" }, scriptedRoller([]));
    expect(!o.ok && o.key).toBe("FRAY.Refusal.NotProne");
  });

  it("ESC-48 standing up outside the turn takes the action from the next turn, refused when none is left", () => {
    const r = run(
      fight({ prone: true }),
      [
        { type: "standUp", combatant: "ash", pay: "aa", outsideTurn: true },
        { type: "setStatus", combatant: "ash", status: "prone", value: true },
      ],
      scriptedRoller([]),
    );
    const again = escalationAttack.apply(
      r.state,
      { type: "standUp", combatant: "ash", pay: "aa", outsideTurn: true },
      scriptedRoller([]),
    );
    expect(!again.ok && again.key).toBe("FRAY.Refusal.NoActionNextTurn");
    const next = run(
      fight({ prone: true }),
      [
        { type: "standUp", combatant: "ash", pay: "aa", outsideTurn: true },
        { type: "startTurn", combatant: "ash" },
      ],
      scriptedRoller([]),
    );
    expect(next.state.combatants.ash?.actions).toEqual({ aa: 0, ma: 1, ba: 2 });
    expect(next.state.borrowed).toEqual({});
  });

  it("ESC-05 a new turn gives 1 AA, 1 MA and 2 BA", () => {
    const r = run(
      fight(),
      [{ type: "declare", attacker: "ash", target: "orc" }, { type: "roll" }, { type: "startTurn", combatant: "ash" }],
      scriptedRoller([2]),
    );
    expect(r.state.combatants.ash?.actions).toEqual({ aa: 1, ma: 1, ba: 2 });
  });

  it("ESC-11 both Bonus Actions buy a disengage, as the AA does", () => {
    const r = run(
      fight(),
      [
        { type: "disengage", combatant: "ash", pay: "aa" },
        { type: "disengage", combatant: "orc", pay: "ba" },
      ],
      scriptedRoller([]),
    );
    expect(r.state.combatants.ash).toMatchObject({ disengaged: true, actions: { aa: 0, ba: 2 } });
    expect(r.state.combatants.orc).toMatchObject({ disengaged: true, actions: { aa: 1, ba: 0 } });
  });
});
