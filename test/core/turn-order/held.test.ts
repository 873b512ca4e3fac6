// Issue 28: each turn order says, from its own state, what it holds of a combatant's conditions (its engine's
// `held`). The Foundry layer keeps only field paths and the step to send (src/foundry/statuses/fight-conditions.ts).
import { describe, expect, it } from "vitest";
import { scriptedRoller, seededRoller } from "../../../src/core/shared/roller.js";
import { factionsEngine } from "../../../src/core/turn-order/factions/index.js";
import { rankedEngine } from "../../../src/core/turn-order/ranked/index.js";
import { rolledEngine } from "../../../src/core/turn-order/rolled/index.js";
import { teamsEngine } from "../../../src/core/turn-order/teams/index.js";

function started<S>(o: { ok: true; state: S } | { ok: false; reason: string }): S {
  if (!o.ok) throw new Error(o.reason);
  return o.state;
}

describe("what each turn order holds of a combatant's conditions", () => {
  it("TEAM-12 teams holds whether a member is unable to act", () => {
    const s = started(
      teamsEngine.start(
        {
          initiative: ["a", "b"],
          combatants: [
            { id: "x", team: "a" },
            { id: "y", team: "b", able: false },
          ],
        },
        seededRoller(1),
      ),
    );
    expect(teamsEngine.held(s, "x")).toEqual({ unable: false });
    expect(teamsEngine.held(s, "y")).toEqual({ unable: true });
  });

  it("ESC-46 ranked holds prone and unable", () => {
    const s = started(
      rankedEngine.start(
        {
          combatants: [
            { id: "x", side: "a", agility: 3, prone: true },
            { id: "y", side: "b", agility: 2 },
          ],
        },
        seededRoller(1),
      ),
    );
    expect(rankedEngine.held(s, "x")).toEqual({ unable: false, prone: true });
    expect(rankedEngine.held(s, "y")).toEqual({ unable: false, prone: false });
  });

  it("FAC-57 factions holds unable and surrendered", () => {
    const s = started(
      factionsEngine.start(
        {
          factions: ["A", "B"],
          initiative: "A",
          combatants: [
            { id: "a1", faction: "A", health: 10 },
            { id: "b1", faction: "B", health: 10 },
          ],
        },
        seededRoller(1),
      ),
    );
    expect(factionsEngine.held(s, "a1")).toEqual({ unable: false, surrendered: false });
  });

  it("STR-57 rolled holds unable, Stunned and the Loads and Tolerances (STR-55)", () => {
    const s = started(
      rolledEngine.start(
        {
          combatants: [
            { id: "x", side: "pc", initiative: 0, stunned: 1, fatigueLoad: 2 },
            { id: "y", side: "npc", initiative: 0 },
          ],
        },
        scriptedRoller([1, 1, 2, 2]),
      ),
    );
    expect(rolledEngine.held(s, "x")).toEqual({
      unable: false,
      stunned: 1,
      stressLoad: 0,
      stressTolerance: 0,
      fatigueLoad: 2,
      fatigueTolerance: 0,
    });
  });

  it("a combatant out of the fight or not in it holds nothing; an unknown turn order holds nothing", () => {
    const s = started(
      rolledEngine.start(
        {
          combatants: [
            { id: "x", side: "pc", initiative: 0 },
            { id: "y", side: "npc", initiative: 0 },
          ],
        },
        scriptedRoller([1, 1, 2, 2]),
      ),
    );
    const out = rolledEngine.apply(s, { type: "remove", combatant: "x" }, seededRoller(1));
    if (!out.ok) throw new Error(out.reason);
    expect(rolledEngine.held(out.state, "x")).toBeUndefined();
    expect(rolledEngine.held(s, "z")).toBeUndefined();
    expect(rolledEngine.held(s, "__proto__")).toBeUndefined();
  });
});
