import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RULESETS } from "../../../src/core/rulesets.js";
import { ACTOR_MODELS, ITEM_MODELS, modelFor, typesOf } from "../../../src/foundry/data/models.js";

const system = JSON.parse(readFileSync("system.json", "utf8")) as {
  documentTypes: Record<string, Record<string, unknown>>;
  styles: string[];
};

describe("registered models", () => {
  it("system.json documentTypes lists exactly the registered types", () => {
    expect(Object.keys(system.documentTypes.Actor ?? {}).sort()).toEqual(ACTOR_MODELS.map((m) => m.type).sort());
    expect(Object.keys(system.documentTypes.Item ?? {}).sort()).toEqual(ITEM_MODELS.map((m) => m.type).sort());
  });

  it("type ids are <ruleset>-<kind>, unique, and on the right document", () => {
    const all = [...ACTOR_MODELS, ...ITEM_MODELS];
    expect(new Set(all.map((m) => m.type)).size).toBe(all.length);
    for (const m of all) expect(m.type.startsWith(`${m.ruleset}-`), m.type).toBe(true);
    for (const m of ACTOR_MODELS) expect(m.documentName).toBe("Actor");
    for (const m of ITEM_MODELS) expect(m.documentName).toBe("Item");
  });

  it("every rule set has an actor type and at least one item type", () => {
    for (const r of RULESETS) {
      expect(typesOf("Actor", r).length, r).toBeGreaterThan(0);
      expect(typesOf("Item", r).length, r).toBeGreaterThan(0);
    }
  });

  it("a world offers, and an actor accepts, only its own rule set's types", () => {
    expect(typesOf("Item", "teams")).toEqual(["teams-weapon", "teams-armour", "teams-talent", "teams-consumable"]);
    expect(typesOf("Item", "teams")).not.toContain("sections-card");
    expect(typesOf("Actor", "strain")).toEqual(["strain-character"]);
  });

  it("modelFor finds a type's metadata and nothing for unknown types", () => {
    expect(modelFor("Item", "sections-card")?.ruleset).toBe("sections");
    expect(modelFor("Actor", "sections-card")).toBeUndefined();
    expect(modelFor("Actor", "base")).toBeUndefined();
  });

  it("the sheet stylesheet is listed in system.json", () => {
    expect(system.styles).toContain("styles/sheets.css");
  });
});
