import { describe, expect, it } from "vitest";
import { scriptedRoller } from "../../../../src/core/shared/roller.js";
import { isBloodied, isHarmed, type TeamsCommand } from "../../../../src/core/attack/teams/index.js";
import { THROUGH, dagger, foe, ofType, run, shortbow, spear, who } from "./helpers.js";

const boudica = (c = {}) => who("boudica", { name: "Boudica", weapon: spear, ...c });
const enemy = (c = {}) =>
  foe("enemy", { evasion: 6, deflection: { physical: 8, elemental: 0 }, endurance: 20, health: 20, ...c });
const attack = (
  attacker: string,
  target: string,
  extra: Partial<Extract<TeamsCommand, { type: "declare" }>> = {},
): TeamsCommand => ({
  type: "declare",
  attacker,
  target,
  ...extra,
});

describe("teams worked examples", () => {
  it("TEAM-47 Boudica's spear test: d6 + d6 + 1 = 6 against evasion 6 hits (a tie hits)", () => {
    const r = run(
      { combatants: [boudica(), enemy()] },
      [attack("boudica", "enemy"), { type: "roll" }],
      scriptedRoller([2, 3, 10]),
    );
    const e = ofType(r.events, "toHitRolled")[0] as {
      roll: { formula: string; total: number; dice: unknown[] };
      comparison: unknown;
      outcome: string;
    };
    expect(e.roll.formula).toBe("2d6+1");
    expect(e.roll.dice).toEqual([
      { sides: 6, value: 2, kept: true },
      { sides: 6, value: 3, kept: true },
    ]);
    expect(e.comparison).toEqual({ total: 6, against: 6, margin: 0 });
    expect(e.outcome).toBe("hit");
  });

  it("TEAM-49 Boudica's hit: test 6 + spear 4 = 10 piercing, minus physical reduction 8 = 2 damage", () => {
    const r = run(
      { combatants: [boudica(), enemy()] },
      [attack("boudica", "enemy"), ...THROUGH],
      scriptedRoller([2, 3, 10]),
    );
    expect(ofType(r.events, "damageRolled")[0]).toMatchObject({
      amount: 2,
      parts: { test: 6, weapon: 4, reduction: 8 },
      damageKind: "physical",
    });
    expect(r.state.combatants.enemy?.endurance).toBe(18);
  });

  it("TEAM-51 Boudica's critical: luck 19 vs threshold 19+: critical damage 8 + 6 = 14, minus 8 = 6 damage", () => {
    const r = run(
      { combatants: [boudica(), enemy()] },
      [attack("boudica", "enemy"), ...THROUGH],
      scriptedRoller([2, 3, 19]),
    );
    expect(r.state.toHit).toMatchObject({ critical: true, luck: 19, test: 6 });
    expect(ofType(r.events, "damageRolled")[0]).toMatchObject({ amount: 6, parts: { weapon: 8 } });
    expect(r.state.combatants.enemy?.endurance).toBe(14);
  });

  it("TEAM-66 Boudica (endurance 12) takes 7 damage: endurance 5, harmed", () => {
    const hitter = foe("brute", { weapon: { ...spear, damage: 1 } });
    const r = run(
      { combatants: [boudica({ endurance: 12, health: 12 }), hitter] },
      [attack("brute", "boudica"), ...THROUGH],
      scriptedRoller([2, 3, 10]),
    );
    const b = r.state.combatants.boudica;
    if (!b) throw new Error("boudica");
    expect(b.endurance).toBe(5);
    expect(isHarmed(b)).toBe(true);
    expect(isBloodied(b)).toBe(false);
    expect(ofType(r.events, "harmed")).toHaveLength(1);
  });

  it(
    "TEAM-68 Boudica (endurance 5, health 12, constitution 4) takes 10: health 7, fortifies 7 vs 5, stays " +
      "conscious, bloodied",
    () => {
      const b0 = boudica({
        endurance: 5,
        maxEndurance: 12,
        health: 12,
        constitution: 4,
        stamina: 2,
        fortify: { dice: [6, 4], modifier: 1 },
      });
      const hitter = foe("brute", { weapon: { ...spear, damage: 4 } });
      const r = run({ combatants: [b0, hitter] }, [attack("brute", "boudica"), ...THROUGH], scriptedRoller([2, 3, 10]));
      expect(r.state.step).toBe("apply");
      expect(r.state.pending).toBe("consciousness");
      expect(ofType(r.events, "consciousnessAtRisk")[0]).toMatchObject({ difficulty: 5 });
      const f = run(
        { combatants: [b0, hitter] },
        [attack("brute", "boudica"), ...THROUGH, { type: "fortify" }],
        scriptedRoller([2, 3, 10, 4, 2]),
      );
      const b = f.state.combatants.boudica;
      if (!b) throw new Error("boudica");
      expect([b.endurance, b.health, b.stamina, b.reactions, b.condition]).toEqual([0, 7, 1, 0, "active"]);
      expect(ofType(f.events, "reactionTaken")[0]).toMatchObject({
        reaction: "fortify",
        comparison: { total: 7, against: 5 },
        outcome: "conscious",
      });
      expect(isBloodied(b)).toBe(true);
      expect(f.state.step).toBe("done");
    },
  );

  it("TEAM-71 Boudica (7 health) takes 8: health 0, unconscious, risks death, rolls 1 and dies", () => {
    const b0 = boudica({ endurance: 0, maxEndurance: 12, health: 7, maxHealth: 12 });
    const hitter = foe("brute", { weapon: { ...spear, damage: 2 } });
    const r = run(
      { combatants: [b0, hitter] },
      [attack("brute", "boudica"), ...THROUGH],
      scriptedRoller([2, 3, 10, 1]),
    );
    expect(r.state.combatants.boudica).toMatchObject({ health: 0, condition: "dead" });
    expect(ofType(r.events, "unconscious")).toHaveLength(1);
    expect(ofType(r.events, "deathRisked")[0]).toMatchObject({
      comparison: { total: 1, against: 10 },
      outcome: "died",
    });
  });

  it(
    "TEAM-53 Agnessa's luck die shows 1 and her ally is the " + "only one next to the target: the ally is hit instead",
    () => {
      const agnessa = who("agnessa", { weapon: shortbow });
      const ally = who("ally", { evasion: 4, endurance: 10 });
      const r = run(
        { combatants: [agnessa, ally, foe("enemy", { evasion: 4 })] },
        [attack("agnessa", "enemy", { adjacent: ["ally"] }), ...THROUGH],
        scriptedRoller([3, 2, 1, 1]),
      );
      expect(ofType(r.events, "misfire")[0]).toMatchObject({ from: "enemy", to: "ally" });
      expect(r.state.target).toBe("ally");
      expect(r.state.combatants.ally?.endurance).toBe(2);
      expect(r.state.combatants.enemy?.endurance).toBe(10);
    },
  );

  it("TEAM-55 Agnessa's second attack rolls 5, -2 makes it 3, and misses", () => {
    const agnessa = who("agnessa", { weapon: shortbow });
    const target = foe("enemy", { evasion: 4 });
    const first = run(
      { combatants: [agnessa, target] },
      [attack("agnessa", "enemy"), { type: "roll" }],
      scriptedRoller([1, 1, 10]),
    );
    expect(first.state.toHit?.penalty).toBe(0);
    const r = run(
      { combatants: [agnessa, target] },
      [attack("agnessa", "enemy"), { type: "roll" }, attack("agnessa", "enemy"), { type: "roll" }],
      scriptedRoller([1, 1, 10, 3, 2, 10]),
    );
    const second = ofType(r.events, "toHitRolled")[1] as { comparison: unknown; penalty: number; outcome: string };
    expect(second.penalty).toBe(-2);
    expect(second.comparison).toEqual({ total: 3, against: 4, margin: -1 });
    expect(second.outcome).toBe("miss");
  });

  it("TEAM-59 Fabian's sneak attack and Agnessa's flanking shot are each made with advantage", () => {
    const fabian = who("fabian", { weapon: dagger });
    const sneak = run(
      { combatants: [fabian, foe("enemy")] },
      [attack("fabian", "enemy", { sneak: true }), { type: "roll" }],
      scriptedRoller([1, 2, 5, 4, 10]),
    );
    expect(sneak.state.toHit).toMatchObject({ edge: 1, test: 9 });
    expect(sneak.state.toHit?.testRoll.dice.map((d) => d.kept)).toEqual([false, false, true, true]);
    const agnessa = who("agnessa", { weapon: shortbow });
    const flank = run(
      { combatants: [agnessa, foe("enemy")] },
      [attack("agnessa", "enemy", { flanking: true }), { type: "roll" }],
      scriptedRoller([6, 4, 1, 1, 10]),
    );
    expect(flank.state.toHit).toMatchObject({ edge: 1, test: 10 });
  });

  it(
    "TEAM-61 Fabian (size 4) against a goblin (size 3): " + "its evasion counts 1 higher and its deflection 1 lower",
    () => {
      const fabian = who("fabian", { weapon: dagger, size: 4 });
      const goblin = foe("goblin", { size: 3, evasion: 5, deflection: { physical: 2, elemental: 0 } });
      const miss = run(
        { combatants: [fabian, goblin] },
        [attack("fabian", "goblin"), { type: "roll" }],
        scriptedRoller([2, 3, 10]),
      );
      expect(miss.state.toHit).toMatchObject({ test: 5, evasion: 6, hit: false });
      const hit = run(
        { combatants: [fabian, goblin] },
        [attack("fabian", "goblin"), ...THROUGH],
        scriptedRoller([3, 3, 10]),
      );
      expect(ofType(hit.events, "damageRolled")[0]).toMatchObject({ amount: 8, parts: { reduction: 1 } });
    },
  );
});
