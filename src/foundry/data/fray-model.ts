import { migrateSource, type ModelMetadata } from "./model-metadata.js";
import { toSchema } from "./to-schema.js";

import fields = foundry.data.fields;

/** The schema every Fray model stores: its own fields plus the schema version they were written with. */
function schemaFor(meta: ModelMetadata): fields.DataSchema {
  return {
    schemaVersion: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: meta.schemaVersion }),
    ...toSchema(meta.fields),
  };
}

/**
 * One TypeDataModel class per metadata entry. The class holds no rules: schema, migrations and
 * derived values all come from the metadata, which is plain data tested without Foundry.
 */
export function actorModel(meta: ModelMetadata<"Actor">) {
  return class FrayActorModel extends foundry.abstract.TypeDataModel<fields.DataSchema, Actor.Implementation> {
    static readonly metadata = meta;
    static override defineSchema(): fields.DataSchema {
      return schemaFor(meta);
    }
    static override migrateData(source: Record<string, unknown>) {
      return super.migrateData(migrateSource(meta, source));
    }
    override prepareDerivedData(): void {
      if (meta.derive) Object.assign(this, meta.derive(this as unknown as Record<string, unknown>));
    }
  };
}

export function itemModel(meta: ModelMetadata<"Item">) {
  return class FrayItemModel extends foundry.abstract.TypeDataModel<fields.DataSchema, Item.Implementation> {
    static readonly metadata = meta;
    static override defineSchema(): fields.DataSchema {
      return schemaFor(meta);
    }
    static override migrateData(source: Record<string, unknown>) {
      return super.migrateData(migrateSource(meta, source));
    }
    override prepareDerivedData(): void {
      if (meta.derive) Object.assign(this, meta.derive(this as unknown as Record<string, unknown>));
    }
  };
}

export type FrayActorModelClass = ReturnType<typeof actorModel>;
export type FrayItemModelClass = ReturnType<typeof itemModel>;
