import { beforeAll, describe, expect, it } from "vitest";
import { teamsCharacter } from "../../../src/foundry/data/specs/index.js";
import { fakeFields } from "../../fakes/foundry-fields.js";

type Source = Record<string, unknown>;

/**
 * v13's DataModel migration, as `common/abstract/data.mjs` does it: `migrateDataSafe(source)` calls `migrateData`,
 * drops what it returns and hands on `source` itself. A document's `system` goes through `TypeDataField#migrateSource`
 * (`common/data/fields.mjs`), which calls the model's `migrateDataSafe(fieldData)` the same way, on load and on every
 * update. So a migration counts only where it changed the object it was given.
 */
class FakeTypeDataModel {
  static migrateData(source: Source): Source {
    return source;
  }
  static migrateDataSafe(source: Source): Source {
    try {
      this.migrateData(source);
    } catch {
      // v13 logs the failure and goes on with the source as it is.
    }
    return source;
  }
}

let Model: { migrateDataSafe(source: Source): Source };
beforeAll(async () => {
  (globalThis as { foundry?: unknown }).foundry = {
    data: { fields: fakeFields },
    abstract: { TypeDataModel: FakeTypeDataModel },
  };
  const { actorModel } = await import("../../../src/foundry/data/fray-model.js");
  Model = actorModel(teamsCharacter);
});

describe("a Fray model's migration, as v13 runs it", () => {
  it(
    "teams-character v1 data stored in the world is read as " + "v2: agility becomes dexterity in the source v13 keeps",
    () => {
      const source: Source = {
        schemaVersion: 1,
        attributes: { strength: "d8", agility: "d10" },
        endurance: { value: 3, max: 10 },
      };
      expect(Model.migrateDataSafe(source)).toBe(source);
      expect(source).toEqual({
        schemaVersion: 2,
        attributes: { strength: "d8", dexterity: "d10" },
        endurance: { value: 3, max: 10 },
      });
    },
  );

  it("an old macro's update of attributes.agility lands on dexterity (v13 migrates update changes too)", () => {
    const change: Source = { attributes: { agility: "d6" } };
    Model.migrateDataSafe(change);
    expect(change).toEqual({ attributes: { dexterity: "d6" }, schemaVersion: 2 });
  });

  it("data at the current version is left as it is", () => {
    const source: Source = { schemaVersion: 2, attributes: { strength: "d8", dexterity: "d10" } };
    Model.migrateDataSafe(source);
    expect(source).toEqual({ schemaVersion: 2, attributes: { strength: "d8", dexterity: "d10" } });
  });
});
