import { describe, expect, it } from "vitest";
import { scriptedRoller } from "../../../../src/core/shared/roller.js";
import { resolveTeamsAttack } from "../../../../src/core/attack/teams/index.js";
import { foe, ofType, refusal, run, spear, who } from "./helpers.js";

describe("teams damage from any means", () => {
  it("TEAM-64 a trap's damage takes endurance first; a negative amount is refused", () => {
    const r = run({ combatants: [foe("t", { endurance: 3, maxEndurance: 10, health: 10, constitution: 9 })] }, [{ type: "damage", target: "t", amount: 5 }], scriptedRoller([]));
    expect(r.state.combatants.t).toMatchObject({ endurance: 0, health: 8 });
    expect(refusal(r.state, { type: "damage", target: "t", amount: -5 }, scriptedRoller([]))).toBe("FRAY.Refusal.NegativeValue");
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
    const r = run({ combatants: [foe("t", { endurance: 0, health: 3 })] }, [{ type: "damage", target: "t", amount: 9, nonlethal: true }], scriptedRoller([]));
    expect(r.state.combatants.t?.condition).toBe("unconscious");
  });

  it("TEAM-71 the quick resolver runs the death test with the same numbers as Boudica's", () => {
    const q = resolveTeamsAttack(foe("brute", { weapon: { ...spear, damage: 2 } }), who("boudica", { endurance: 0, maxEndurance: 12, health: 7, maxHealth: 12 }), scriptedRoller([2, 3, 10, 1]));
    expect(q).toMatchObject({ outcome: "hit", damage: 7, died: true });
  });
});
