import { describe, expect, it } from "vitest";
import { RULESETS } from "../../../../src/core/rulesets.js";
import { valueAt } from "../../../../src/core/shared/guards.js";
import { moverData } from "../../../../src/foundry/canvas/check/mover-data.js";
import { MOVEMENT_ACTIONS } from "../../../../src/foundry/canvas/actions/movement-actions.js";
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

describe("how each rule set moves, declared by its own actor type (data/specs/)", () => {
  for (const ruleset of RULESETS) {
    it(`${ruleset}: one actor type declares its movement actions and mover fields; the canvas reads those`, () => {
      const movers = ACTOR_MODELS.filter((m) => m.ruleset === ruleset && m.mover !== undefined);
      expect(movers.map((m) => m.type)).toEqual([actorOf(ruleset).type]);
      expect(MOVER_FIELDS[ruleset]).toBe(movers[0]!.mover!.fields);
      expect(MOVEMENT_ACTIONS[ruleset].map((a) => a.id)).toEqual(movers[0]!.mover!.actions);
    });
  }

  it("SEC-03, ESC-12, STR-22: the actions and fields each rule set's text gives are the ones movement reads", () => {
    const actions = Object.fromEntries(RULESETS.map((r) => [r, MOVEMENT_ACTIONS[r].map((a) => a.id)]));
    expect(actions).toEqual({
      sections: ["walk", "climb", "swim", "phase", "fly", "teleport"],
      escalation: ["walk", "sneak", "swim", "climb", "crawl"],
      strain: ["walk", "teleport"],
      teams: ["walk"],
      factions: ["walk"],
    });
    expect(MOVER_FIELDS).toEqual({
      sections: {
        move: "move",
        aquatic: "aquatic",
        immobilized: "conditions.immobilized",
        defenseless: "conditions.defenseless",
        health: "health.value",
        acrobatics: "acrobatics",
      },
      escalation: { speed: "movement", prone: "conditions.prone" },
      teams: { prone: "conditions.prone" },
      strain: { speed: "speed", slowed: "statuses.slowed", dazed: "statuses.dazed" },
      factions: { health: "health.value", incapacitated: "conditions.incapacitated" },
    });
  });
});
