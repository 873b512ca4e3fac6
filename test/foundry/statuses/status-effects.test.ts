import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RULESETS } from "../../../src/core/rulesets.js";
import { initialData } from "../../../src/foundry/data/field-spec.js";
import { ACTOR_MODELS } from "../../../src/foundry/data/models.js";
import {
  conditionWrite,
  conditionsOn,
  iconChanges,
  mirroredField,
  settleStatuses,
  statusEffectsFor,
  touchesConditions,
} from "../../../src/foundry/statuses/status-effects.js";
import { EN } from "../../fakes/lang.js";

// Every icon Foundry v13 documents as its own (its default status effects, control and map-note icons), read from
// the v13 types rather than typed here: an icon outside this set would be a broken image on the token.
const FOUNDRY_ICONS = new Set(
  [
    ...readFileSync("node_modules/fvtt-types/src/foundry/client/config.d.mts", "utf8").matchAll(
      /icons\/svg\/[a-z0-9-]+\.svg/g,
    ),
  ].map((m) => m[0]),
);

const initial = (type: string) => {
  const meta = ACTOR_MODELS.find((m) => m.type === type);
  if (!meta) throw new Error(type);
  return initialData(meta.fields) as Record<string, Record<string, unknown>>;
};

describe("CONFIG.statusEffects per rule set", () => {
  it(
    "each world's list: unique ids, a localised name, an " + "icon Foundry v13 ships, and Foundry's defeated status",
    () => {
      expect(FOUNDRY_ICONS.size).toBeGreaterThan(30);
      for (const ruleset of RULESETS) {
        const list = statusEffectsFor(ruleset);
        const ids = list.map((s) => s.id);
        expect(new Set(ids).size, ruleset).toBe(ids.length);
        expect(ids, ruleset).toContain("dead");
        for (const s of list) {
          expect(EN[s.name], `${ruleset} ${s.id}`).toBeTruthy();
          expect(FOUNDRY_ICONS.has(s.img), `${ruleset} ${s.id} ${s.img}`).toBe(true);
        }
      }
    },
  );

  it("names the conditions each model stores: prone, unconscious, Stunned, Incapacitated, Darkvision ...", () => {
    const ids = (r: (typeof RULESETS)[number]) => statusEffectsFor(r).map((s) => s.id);
    expect(ids("teams")).toEqual(["prone", "unconscious", "dead"]);
    expect(ids("escalation")).toEqual(["prone", "flatFooted", "channeling", "disarmed", "unconscious", "dead"]);
    expect(ids("strain")).toEqual(["vulnerable", "slowed", "dazed", "stunned", "incapacitated", "dead"]);
    expect(ids("factions")).toEqual(["concealed", "entangled", "incapacitated", "surrendering", "steadfast", "dead"]);
    expect(ids("sections")).toEqual([
      "debilitated",
      "vulnerable",
      "hindered",
      "immobilized",
      "defenseless",
      "incanting",
      "darkvision",
      "lowLightVision",
      "lightSensitivity",
      "dead",
    ]);
    expect(statusEffectsFor("strain").find((s) => s.id === "stunned")).toMatchObject({
      name: "FRAY.Strain.Stunned",
      hud: { actorTypes: ["strain-character"] },
    });
  });

  it("every mirrored status names a flag or a count of its model; Foundry's own statuses mirror nothing", () => {
    for (const meta of ACTOR_MODELS) {
      for (const s of meta.statuses ?? []) {
        const id = s.path.split(".").pop() as string;
        expect(mirroredField(meta.type, id), `${meta.type} ${s.path}`).toMatchObject({ path: s.path });
      }
      expect(mirroredField(meta.type, "dead")).toBeNull();
    }
    expect(mirroredField("escalation-unit", "unconscious")).toBeNull();
    expect(mirroredField("teams-character", "unconscious")).toEqual({
      path: "conditions.unconscious",
      kind: "boolean",
    });
    expect(mirroredField("strain-character", "stunned")).toEqual({ path: "statuses.stunned", kind: "number" });
  });
});

describe("what a toggle writes, and what the icons should be", () => {
  it("a flag is set or cleared; no `active` turns it the other way; null is off, as Foundry reads it", () => {
    const teams = initial("teams-character");
    expect(conditionWrite("teams-character", teams, "prone", true)).toEqual({ path: "conditions.prone", value: true });
    expect(conditionWrite("teams-character", teams, "prone", undefined)).toEqual({
      path: "conditions.prone",
      value: true,
    });
    const prone = { ...teams, conditions: { ...teams.conditions, prone: true } };
    expect(conditionWrite("teams-character", prone, "prone", undefined)).toEqual({
      path: "conditions.prone",
      value: false,
    });
    expect(conditionWrite("teams-character", prone, "prone", null)).toEqual({ path: "conditions.prone", value: false });
    expect(conditionWrite("teams-character", teams, "dead", true)).toBeNull();
    expect(conditionWrite("teams-character", teams, "stunned", true)).toBeNull();
  });

  it("a strain Status counts stacks: on raises 0 to 1 and keeps 2, off clears it", () => {
    const strain = initial("strain-character");
    const stunned2 = { ...strain, statuses: { ...strain.statuses, stunned: 2 } };
    expect(conditionWrite("strain-character", strain, "stunned", true)).toEqual({ path: "statuses.stunned", value: 1 });
    expect(conditionWrite("strain-character", stunned2, "stunned", true)).toEqual({
      path: "statuses.stunned",
      value: 2,
    });
    expect(conditionWrite("strain-character", stunned2, "stunned", false)).toEqual({
      path: "statuses.stunned",
      value: 0,
    });
    expect(conditionWrite("strain-character", stunned2, "stunned", undefined)).toEqual({
      path: "statuses.stunned",
      value: 0,
    });
    expect(conditionWrite("strain-character", strain, "incapacitated", true)).toEqual({
      path: "statuses.incapacitated",
      value: true,
    });
  });

  it("the icons to add and take away follow the data, and only the mirrored ones", () => {
    const strain = initial("strain-character");
    const data = { ...strain, statuses: { ...strain.statuses, dazed: 1, incapacitated: true } };
    expect([...conditionsOn("strain-character", data)]).toEqual(["dazed", "incapacitated"]);
    expect(iconChanges("strain-character", data, new Set(["vulnerable", "dazed", "dead"]))).toEqual([
      { id: "vulnerable", active: false },
      { id: "incapacitated", active: true },
    ]);
    expect(iconChanges("strain-character", data, new Set(["dazed", "incapacitated"]))).toEqual([]);
    expect(iconChanges("no-such-type", data, new Set(["dazed"]))).toEqual([]);
  });

  it(
    "actor.statuses: a mirrored status is there exactly when its field is on; others are left as " +
      "the effects made them",
    () => {
      const teams = initial("teams-character");
      const statuses = new Set(["unconscious", "dead", "blind"]);
      settleStatuses("teams-character", { ...teams, conditions: { prone: true, unconscious: false } }, statuses);
      expect([...statuses].sort()).toEqual(["blind", "dead", "prone"]);
    },
  );

  it("an update touches a condition in Foundry's nested or flattened form, not otherwise", () => {
    expect(touchesConditions("teams-character", { system: { conditions: { prone: false } } })).toBe(true);
    expect(touchesConditions("teams-character", { "system.conditions.unconscious": true })).toBe(true);
    expect(touchesConditions("teams-character", { "system.conditions": { prone: true } })).toBe(true);
    expect(touchesConditions("teams-character", { system: { health: { value: 3 } } })).toBe(false);
    expect(touchesConditions("teams-character", { name: "Boudica" })).toBe(false);
    expect(touchesConditions("sections-entity", { system: { senses: { darkvision: true } } })).toBe(true);
  });
});
