import { describe, expect, it } from "vitest";
import { scriptedRoller } from "../../../../src/core/shared/roller.js";
import { resolveTeamsAttack } from "../../../../src/core/fast/index.js";
import { foe, ofType, refusal, run, shortbow, spear, who } from "./helpers.js";

describe("teams damage from any means", () => {
  it("TEAM-64 a trap's damage takes endurance first; a negative amount is refused", () => {
    const r = run(
      { combatants: [foe("t", { endurance: 3, maxEndurance: 10, health: 10, constitution: 9 })] },
      [{ type: "damage", target: "t", amount: 5 }],
      scriptedRoller([]),
    );
    expect(r.state.combatants.t).toMatchObject({ endurance: 0, health: 8 });
    expect(refusal(r.state, { type: "damage", target: "t", amount: -5 }, scriptedRoller([]))).toBe(
      "FRAY.Refusal.NegativeValue",
    );
  });

  it("TEAM-67 outside an attack the fortify choice is made up front", () => {
    const c = { combatants: [foe("t", { endurance: 0, maxEndurance: 10, health: 10, constitution: 2 })] };
    const fort = run(c, [{ type: "damage", target: "t", amount: 4 }], scriptedRoller([3, 2]));
    expect(fort.state.combatants.t?.condition).toBe("active");
    expect(ofType(fort.events, "reactionTaken")[0]).toMatchObject({ comparison: { total: 5, against: 4 } });
    const drop = run(c, [{ type: "damage", target: "t", amount: 4, fortify: false }], scriptedRoller([]));
    expect(drop.state.combatants.t?.condition).toBe("unconscious");
  });

  it("TEAM-73 nonlethal damage from outside an attack does not risk death", () => {
    const r = run(
      { combatants: [foe("t", { endurance: 0, health: 3 })] },
      [{ type: "damage", target: "t", amount: 9, nonlethal: true }],
      scriptedRoller([]),
    );
    expect(r.state.combatants.t?.condition).toBe("unconscious");
  });

  it("TEAM-71 the quick resolver runs the death test with the same numbers as Boudica's", () => {
    const q = resolveTeamsAttack(
      foe("brute", { weapon: { ...spear, damage: 2 } }),
      who("boudica", { endurance: 0, maxEndurance: 12, health: 7, maxHealth: 12 }),
      scriptedRoller([2, 3, 10, 1]),
    );
    expect(q).toMatchObject({ outcome: "hit", damage: 7, died: true });
  });
});

describe("teams defences from the turn's actions", () => {
  const bowman = who("a", { weapon: shortbow });
  const swordsman = who("a", { weapon: spear });

  it("TEAM-22 Guard: +1 evasion, +1 deflection and +1 to defence tests until the next turn", () => {
    const setup = {
      combatants: [
        swordsman,
        foe("t", { evasion: 6, deflection: { physical: 1, elemental: 0 }, endurance: 20, health: 20 }),
      ],
    };
    const r = run(
      setup,
      [
        { type: "setStatus", combatant: "t", status: "guarding", value: true },
        { type: "declare", attacker: "a", target: "t" },
        { type: "roll" },
      ],
      scriptedRoller([2, 3, 10]),
    );
    expect(r.state.toHit).toMatchObject({ test: 6, evasion: 7, hit: false });
    const hit = run(
      setup,
      [
        { type: "setStatus", combatant: "t", status: "guarding", value: true },
        { type: "declare", attacker: "a", target: "t" },
        { type: "roll" },
        { type: "react", reaction: "dodge" },
      ],
      scriptedRoller([3, 4, 10, 4, 3]),
    );
    expect(ofType(hit.events, "reactionTaken")[0]).toMatchObject({
      comparison: { total: 8, against: 8 },
      outcome: "dodged",
    });
    const dmg = run(
      setup,
      [
        { type: "setStatus", combatant: "t", status: "guarding", value: true },
        { type: "declare", attacker: "a", target: "t" },
        { type: "roll" },
        { type: "skipReaction" },
        { type: "rollDamage" },
      ],
      scriptedRoller([3, 4, 10]),
    );
    expect(dmg.state.damage?.reduction).toBe(2);
    const later = run(
      setup,
      [
        { type: "setStatus", combatant: "t", status: "guarding", value: true },
        { type: "startTurn", combatant: "t" },
      ],
      scriptedRoller([]),
    );
    expect(later.state.combatants.t?.guarding).toBe(false);
  });

  it("TEAM-25 cover gives ranged attackers disadvantage, not melee attackers", () => {
    const covered = foe("t", { inCover: true });
    expect(
      run(
        { combatants: [bowman, covered] },
        [{ type: "declare", attacker: "a", target: "t" }, { type: "roll" }],
        scriptedRoller([5, 4, 1, 1, 10]),
      ).state.toHit,
    ).toMatchObject({ edge: -1, test: 2 });
    expect(
      run(
        { combatants: [swordsman, covered] },
        [{ type: "declare", attacker: "a", target: "t" }, { type: "roll" }],
        scriptedRoller([5, 4, 10]),
      ).state.toHit?.edge,
    ).toBe(0);
  });

  it("TEAM-30 a prone target gives melee attackers advantage and ranged attackers disadvantage", () => {
    const down = foe("t", { prone: true });
    expect(
      run(
        { combatants: [swordsman, down] },
        [{ type: "declare", attacker: "a", target: "t" }, { type: "roll" }],
        scriptedRoller([1, 1, 5, 4, 10]),
      ).state.toHit,
    ).toMatchObject({ edge: 1, test: 10 });
    expect(
      run(
        { combatants: [bowman, down] },
        [{ type: "declare", attacker: "a", target: "t" }, { type: "roll" }],
        scriptedRoller([5, 4, 1, 1, 10]),
      ).state.toHit?.edge,
    ).toBe(-1);
  });
});
