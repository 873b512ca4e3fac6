// Issue 28: which conditions each turn order holds, and how a field and the fight's state are brought in step
// (src/foundry/statuses/fight-conditions.ts). Pure.
import { describe, expect, it } from "vitest";
import {
  heldConditions,
  heldPathsOf,
  stepsToFight,
  writesFromFight,
} from "../../../src/foundry/statuses/fight-conditions.js";

const members = (able: boolean, out = false) => ({ members: { x: { able, out } } });

describe("the conditions a turn order holds", () => {
  it("each turn order holds what its setup reads and its commands change; sections holds none", () => {
    const paths = (m: string) => heldConditions(m).map((c) => c.path);
    expect(paths("teams")).toEqual(["conditions.unconscious"]);
    expect(paths("ranked")).toEqual(["conditions.prone"]);
    expect(paths("factions")).toEqual(["conditions.incapacitated", "conditions.surrendering"]);
    expect(paths("rolled")).toEqual([
      "statuses.incapacitated",
      "statuses.stunned",
      "fatigue.load",
      "fatigue.tolerance",
      "stress.load",
      "stress.tolerance",
    ]);
    expect(paths("sections")).toEqual([]);
    expect(paths("__proto__")).toEqual([]);
  });

  it("a field the fight does not hold as written becomes one step; Loads written together one setLoads", () => {
    const system = { conditions: { incapacitated: true } };
    expect(stepsToFight("factions", members(true), "x", system, ["conditions.incapacitated"])).toEqual([
      { paths: ["conditions.incapacitated"], command: { type: "setAble", combatant: "x", able: false } },
    ]);
    expect(stepsToFight("factions", members(false), "x", system, ["conditions.incapacitated"])).toEqual([]);
    const rolled = {
      combatants: [
        { id: "x", able: true, out: false, fatigueLoad: 0, stressLoad: 0, fatigueTolerance: 3, stressTolerance: 3 },
      ],
    };
    const loads = {
      fatigue: { load: 2, tolerance: 3 },
      stress: { load: 1, tolerance: 3 },
      statuses: { incapacitated: false },
    };
    expect(stepsToFight("rolled", rolled, "x", loads, ["fatigue.load", "stress.load"])).toEqual([
      {
        paths: ["fatigue.load", "stress.load"],
        command: { type: "setLoads", combatant: "x", fatigueLoad: 2, stressLoad: 1 },
      },
    ]);
  });

  it("a combatant out of the fight, or not in it, takes no step and gets no write", () => {
    const system = { conditions: { incapacitated: true } };
    expect(stepsToFight("factions", members(true, true), "x", system, ["conditions.incapacitated"])).toEqual([]);
    expect(stepsToFight("factions", members(true), "y", system, ["conditions.incapacitated"])).toEqual([]);
    expect(
      writesFromFight("factions", members(true), members(false, true), "x", { conditions: { incapacitated: false } }),
    ).toEqual({});
  });

  it("a step writes back only what it changed, in the field's kind, where the field does not agree already", () => {
    expect(
      writesFromFight("teams", members(true), members(false), "x", { conditions: { unconscious: false } }),
    ).toEqual({
      "system.conditions.unconscious": true,
    });
    expect(writesFromFight("teams", members(true), members(false), "x", { conditions: { unconscious: true } })).toEqual(
      {},
    );
    // No change in the fight: a field out of step since the start is left alone.
    expect(writesFromFight("teams", members(true), members(true), "x", { conditions: { unconscious: true } })).toEqual(
      {},
    );
  });

  it("the held fields an update touches, nested or flattened", () => {
    expect(heldPathsOf({ system: { conditions: { prone: true } } })).toEqual(["conditions.prone"]);
    expect(heldPathsOf({ "system.fatigue.load": 2 })).toEqual(["fatigue.load"]);
    expect(heldPathsOf({ system: { conditions: { flatFooted: true } }, name: "x" })).toEqual([]);
  });
});
