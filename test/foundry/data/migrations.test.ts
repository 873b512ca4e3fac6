import { describe, expect, it } from "vitest";
import { initialData } from "../../../src/foundry/data/field-spec.js";
import { migrateSource, type ModelMetadata } from "../../../src/foundry/data/model-metadata.js";
import { ACTOR_MODELS, ITEM_MODELS } from "../../../src/foundry/data/models.js";
import { teamsCharacter } from "../../../src/foundry/data/specs/index.js";

describe("migrateSource", () => {
  it("teams-character v1 data (attributes.agility) becomes v2 (attributes.dexterity)", () => {
    const v1 = { schemaVersion: 1, attributes: { strength: "d8", agility: "d10" }, endurance: { value: 3, max: 10 } };
    expect(migrateSource(teamsCharacter, v1)).toEqual({
      schemaVersion: 2,
      attributes: { strength: "d8", dexterity: "d10" },
      endurance: { value: 3, max: 10 },
    });
  });

  it("data with no version at all is brought to the current version", () => {
    const out = migrateSource(teamsCharacter, { attributes: { strength: "d4", agility: "d6" } });
    expect(out.schemaVersion).toBe(teamsCharacter.schemaVersion);
    expect(out.attributes).toEqual({ strength: "d4", dexterity: "d6" });
  });

  it("data already at the current version is returned unchanged", () => {
    const current = { ...initialData(teamsCharacter.fields), schemaVersion: 2 };
    expect(migrateSource(teamsCharacter, current)).toBe(current);
  });

  it("a version-0 source without the old field is only stamped", () => {
    expect(migrateSource(teamsCharacter, { attributes: { strength: "d6", dexterity: "d8" } })).toEqual({
      attributes: { strength: "d6", dexterity: "d8" },
      schemaVersion: 2,
    });
  });

  it("does not mutate the stored source", () => {
    const v1 = { schemaVersion: 1, attributes: { agility: "d10" } };
    migrateSource(teamsCharacter, v1);
    expect(v1).toEqual({ schemaVersion: 1, attributes: { agility: "d10" } });
  });

  it("runs migrations in order and skips ones beyond the model's version", () => {
    const meta: ModelMetadata = {
      documentName: "Item",
      type: "x",
      ruleset: "teams",
      schemaVersion: 3,
      fields: {},
      migrations: [
        { to: 3, describe: "b", migrate: (s) => ({ ...s, log: [...(s.log as string[]), "3"] }) },
        { to: 2, describe: "a", migrate: (s) => ({ ...s, log: [...(s.log as string[]), "2"] }) },
        { to: 4, describe: "future", migrate: (s) => ({ ...s, log: [...(s.log as string[]), "4"] }) },
      ],
    };
    expect(migrateSource(meta, { log: [] })).toEqual({ log: ["2", "3"], schemaVersion: 3 });
    expect(migrateSource(meta, { log: [], schemaVersion: 2 })).toEqual({ log: ["3"], schemaVersion: 3 });
  });

  it("every model's migrations target versions it has, at most its current one", () => {
    for (const m of [...ACTOR_MODELS, ...ITEM_MODELS]) {
      expect(m.schemaVersion, m.type).toBeGreaterThanOrEqual(1);
      for (const mig of m.migrations) expect(mig.to, m.type).toBeLessThanOrEqual(m.schemaVersion);
    }
  });
});

describe("migrateSource on partial data", () => {
  it("a partial change without the renamed field keeps its shape (Foundry may migrate update changes too)", () => {
    expect(migrateSource(teamsCharacter, { endurance: { value: 3 } })).toEqual({
      endurance: { value: 3 },
      schemaVersion: 2,
    });
  });

  it("an old macro writing attributes.agility has it renamed", () => {
    expect(migrateSource(teamsCharacter, { attributes: { agility: "d8" } })).toEqual({
      attributes: { dexterity: "d8" },
      schemaVersion: 2,
    });
  });
});
