import type { DataField } from "../../fakes/foundry-fields.js";

/**
 * foundry.abstract.TypeDataModel as a card's model meets it, after v13's `common/abstract/data.mjs` (the DataModel
 * constructor: `parent` set, not enumerable; the source cleaned by the schema; then `_initialize`, which gives each
 * schema field its own property) and `common/data/fields.mjs` (`ObjectField#initialize` deep-clones; `clean` fills a
 * missing value with its field's initial one). Keys the schema does not declare are not kept. Foundry's check that
 * the parent is a DataModel and its validation are left out: the messages here are fakes, their data the GM's.
 * Install it (with the fake fields) before a model's module is imported: Fray's models extend it when they load.
 */
export class FakeTypeDataModel {
  declare readonly parent: unknown;

  static defineSchema(): Record<string, DataField> {
    return {};
  }

  constructor(data: Record<string, unknown> = {}, { parent = null }: { parent?: unknown } = {}) {
    Object.defineProperty(this, "parent", { value: parent, writable: false, enumerable: false });
    const schema = (this.constructor as typeof FakeTypeDataModel).defineSchema();
    for (const [name, field] of Object.entries(schema)) {
      const value = field.clean(data[name]);
      (this as Record<string, unknown>)[name] =
        value === undefined ? value : (JSON.parse(JSON.stringify(value)) as unknown);
    }
  }
}
