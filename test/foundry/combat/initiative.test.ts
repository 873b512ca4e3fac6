import { describe, expect, it } from "vitest";
import { RULESETS } from "../../../src/core/rulesets.js";
import { INITIATIVE_DICE } from "../../../src/core/turn-order/rolled/index.js";
import { initialData } from "../../../src/foundry/data/field-spec.js";
import { ACTOR_MODELS } from "../../../src/foundry/data/models.js";
import { initiativeFormula } from "../../../src/foundry/rulesets/index.js";

describe("CONFIG.Combat.initiative for the world's rule set", () => {
  it(
    "STR-02 strain's formula is the core's 2d6 plus the " +
      "character's Initiative; ESC-01 escalation's is its Agility",
    () => {
      expect(initiativeFormula("strain")).toBe(`${INITIATIVE_DICE.count}d${INITIATIVE_DICE.sides} + @initiative`);
      expect(initiativeFormula("strain")).toBe("2d6 + @initiative");
      expect(initiativeFormula("escalation")).toBe("@agility");
      for (const r of ["teams", "factions", "sections"] as const) expect(initiativeFormula(r)).toBeNull();
    },
  );

  it("every @ path of a formula is a number on a new actor of that rule set", () => {
    for (const ruleset of RULESETS) {
      const formula = initiativeFormula(ruleset);
      if (formula === null) continue;
      const actors = ACTOR_MODELS.filter((m) => m.ruleset === ruleset);
      expect(actors.length).toBeGreaterThan(0);
      for (const actor of actors) {
        const data = initialData(actor.fields);
        for (const [, path] of formula.matchAll(/@([\w.]+)/g)) {
          const value = path!
            .split(".")
            .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], data);
          expect(typeof value, `${actor.type} ${path}`).toBe("number");
        }
      }
    }
  });
});
