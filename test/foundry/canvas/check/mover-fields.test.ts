import { describe, expect, it } from "vitest";
import { RULESETS } from "../../../../src/core/rulesets.js";
import { valueAt } from "../../../../src/core/shared/guards.js";
import { moverData } from "../../../../src/foundry/canvas/check/mover-data.js";
import { MOVER_FIELDS } from "../../../../src/foundry/canvas/check/mover-fields.js";
import { initialData } from "../../../../src/foundry/data/field-spec.js";
import { ACTOR_MODELS } from "../../../../src/foundry/data/models.js";
import { FakeToken } from "../../../fakes/foundry-scene.js";

const actorOf = (ruleset: string) => ACTOR_MODELS.find((m) => m.ruleset === ruleset)!;

describe("what movement reads of each rule set's actor: one table", () => {
  for (const ruleset of RULESETS) {
    it(`${ruleset}: every path the table names is a field of the rule set's actor type, of the kind it reads`, () => {
      const system = initialData(actorOf(ruleset).fields);
      for (const [what, path] of Object.entries(MOVER_FIELDS[ruleset]) as [string, string][]) {
        const value = valueAt(system, path);
        const flags = ["aquatic", "immobilized", "defenseless", "prone", "incapacitated"];
        const kind = flags.includes(what) ? "boolean" : what === "acrobatics" ? "string" : "number";
        expect(typeof value, `${ruleset} ${what} at ${path}`).toBe(kind);
      }
    });
  }

  it(
    "STR-19 and ESC-07 read the Speed and movement fields; " + "TEAM-45 (silent) and factions have none, so no limit",
    () => {
      const token = (type: string, system: Record<string, unknown>) => new FakeToken("t", 0, 0, { type, system });
      expect(moverData(token("strain-character", { speed: 5 }), "strain").speed).toBe(5);
      expect(
        moverData(token("escalation-unit", { movement: 7, conditions: { prone: true } }), "escalation"),
      ).toMatchObject({
        speed: 7,
        prone: true,
      });
      const teams = moverData(token("teams-character", initialData(actorOf("teams").fields)), "teams");
      expect(teams.speed).toBe(Number.MAX_SAFE_INTEGER);
      expect(
        moverData(token("sections-entity", { move: 2, aquatic: true, conditions: { immobilized: true } }), "sections"),
      ).toMatchObject({
        innateMove: 2,
        aquatic: true,
        immobilized: true,
        defenseless: false,
      });
      expect(moverData(token("sections-entity", { conditions: { defenseless: true } }), "sections").defenseless).toBe(
        true,
      );
      // A field of another rule set's actor is not read: a strain Slowed count means nothing to an escalation unit.
      expect(moverData(token("escalation-unit", { movement: 6, statuses: { slowed: 2 } }), "escalation").slowed).toBe(
        0,
      );
    },
  );
});
