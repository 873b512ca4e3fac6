import { beforeAll, describe, expect, it } from "vitest";
import { RULESETS } from "../../../src/core/rulesets.js";
import { ACTOR_MODELS, ITEM_MODELS } from "../../../src/foundry/data/models.js";
import {
  ATTACK_CARDS,
  attackCardFor,
  COMBAT_MODES,
  combatModeOf,
  MANIFESTS,
  manifestOf,
  MODE_FOR_RULESET,
} from "../../../src/foundry/rulesets/index.js";
import { fakeFields } from "../../fakes/foundry-fields.js";

describe("one manifest per rule set (issue 27)", () => {
  it("each rule set id of the core has one manifest, named for it, in the core's order", () => {
    expect(MANIFESTS.map((m) => m.id)).toEqual([...RULESETS]);
    for (const id of RULESETS) expect(manifestOf(id).id).toBe(id);
  });

  it("a manifest's actor and item types are its own rule set's", () => {
    for (const m of MANIFESTS) {
      expect(m.actors.length, m.id).toBeGreaterThan(0);
      expect([...m.actors, ...m.items].filter((meta) => meta.ruleset !== m.id).map((meta) => meta.type)).toEqual([]);
    }
  });

  it("the registries are the manifests' own values, never a table beside them", () => {
    expect(ACTOR_MODELS).toEqual(MANIFESTS.flatMap((m) => m.actors));
    expect(ITEM_MODELS).toEqual(MANIFESTS.flatMap((m) => m.items));
    for (const m of MANIFESTS) {
      expect(COMBAT_MODES[m.combat.id]).toBe(m.combat);
      expect(MODE_FOR_RULESET[m.id]).toBe(m.combat.id);
      expect(ATTACK_CARDS[m.id]).toBe(m.attackCard);
    }
    expect(Object.keys(COMBAT_MODES).sort()).toEqual(["factions", "ranked", "rolled", "sections", "teams"]);
  });

  it("an id Fray does not have names no combat type and no attack card, whatever its spelling", () => {
    for (const id of ["", "toString", "__proto__", "constructor", "hasOwnProperty", "escalation"])
      expect(combatModeOf(id), id).toBeUndefined();
    for (const id of ["", "toString", "__proto__", "constructor", "ranked"])
      expect(attackCardFor(id), id).toBeUndefined();
    expect(combatModeOf("ranked")).toBe(manifestOf("escalation").combat);
    expect(attackCardFor("strain")).toBe(manifestOf("strain").attackCard);
  });
});

describe("registering a rule set at init (rulesets/register-ruleset.ts)", () => {
  const CONFIG = {
    Actor: { dataModels: {} as Record<string, unknown>, trackableAttributes: {} as Record<string, unknown> },
    Item: { dataModels: {} as Record<string, unknown> },
    Combat: { dataModels: {} as Record<string, unknown> },
  };
  let combatModel: unknown;

  beforeAll(async () => {
    class TypeDataModel {}
    Object.assign(globalThis, { CONFIG, foundry: { data: { fields: fakeFields }, abstract: { TypeDataModel } } });
    const { registerRuleset } = await import("../../../src/foundry/rulesets/register-ruleset.js");
    ({ FrayCombatModel: combatModel } = await import("../../../src/foundry/combat/fight/combat-model.js"));
    for (const manifest of MANIFESTS) registerRuleset(manifest);
  });

  it("tells Foundry every rule set's actor and item models, what a token may show, and its combat type", () => {
    expect(Object.keys(CONFIG.Actor.dataModels).sort()).toEqual(ACTOR_MODELS.map((m) => m.type).sort());
    expect(Object.keys(CONFIG.Actor.trackableAttributes).sort()).toEqual(ACTOR_MODELS.map((m) => m.type).sort());
    expect(Object.keys(CONFIG.Item.dataModels).sort()).toEqual(ITEM_MODELS.map((m) => m.type).sort());
    expect(CONFIG.Combat.dataModels).toEqual(
      Object.fromEntries(Object.keys(COMBAT_MODES).map((id) => [id, combatModel])),
    );
  });
});
