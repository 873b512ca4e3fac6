import { migrateSource, type DeriveItem, type ModelMetadata } from "./model-metadata.js";
import { toSchema } from "./to-schema.js";
import { barValues } from "./token-attributes.js";

import fields = foundry.data.fields;

/** The schema every Fray model stores: its own fields plus the schema version they were written with. */
function schemaFor(meta: ModelMetadata): fields.DataSchema {
  return {
    schemaVersion: new fields.NumberField({
      required: true,
      nullable: false,
      integer: true,
      min: 0,
      initial: meta.schemaVersion,
    }),
    ...toSchema(meta.fields),
  };
}

/** Make `target` hold exactly `data`'s keys and values (defined, never assigned: a "__proto__" key stays a key). */
function replaceContents(target: Record<string, unknown>, data: Record<string, unknown>): void {
  for (const key of Object.keys(target)) if (!Object.hasOwn(data, key)) delete target[key];
  for (const [key, value] of Object.entries(data))
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Fray's TypeDataModel, for every actor and item type. The class holds no rules: schema, migrations and derived values
 * all come from its type's metadata, which is plain data tested without Foundry. Each type Foundry is given is a
 * subclass that names its metadata and nothing else (`actorModel`, `itemModel`).
 */
class FrayModel<Parent extends Actor.Implementation | Item.Implementation> extends foundry.abstract.TypeDataModel<
  fields.DataSchema,
  Parent
> {
  /** The type's metadata, named by each type's subclass. */
  declare static readonly metadata: ModelMetadata;

  static override defineSchema(): fields.DataSchema {
    return schemaFor(this.metadata);
  }

  /**
   * v13 keeps the object it handed in (`DataModel.migrateDataSafe` and `TypeDataField#migrateSource` drop what this
   * returns), on load and on every update: the migrated data is written back into that object.
   */
  static override migrateData(source: Record<string, unknown>) {
    const migrated = migrateSource(this.metadata, source);
    if (migrated !== source) replaceContents(source, migrated);
    return super.migrateData(source);
  }

  override prepareDerivedData(): void {
    const meta = (this.constructor as typeof FrayModel).metadata;
    // Foundry prepares an actor's embedded items before its own derived data: the actor's derive may read them.
    const items = meta.documentName === "Actor" ? derivedItemsOf(this.parent) : [];
    if (meta.derive) Object.assign(this, meta.derive(this as unknown as Record<string, unknown>, items));
    // A token bar reads `{ value, max }`: bar-shaped groups get them beside their own names, never stored.
    const self = this as unknown as Record<string, object>;
    for (const [key, bar] of Object.entries(barValues(meta, this))) Object.assign(self[key] ?? {}, bar);
  }
}

/** One type's model: FrayModel naming the type's metadata, and nothing else of its own. */
function modelFor<Parent extends Actor.Implementation | Item.Implementation>(meta: ModelMetadata) {
  const Model = class extends FrayModel<Parent> {
    static override readonly metadata = meta;
  };
  // Named FrayModel, as before: Foundry's validation and migration messages name a model by its class.
  return Object.defineProperty(Model, "name", { value: FrayModel.name });
}

/** An actor's items as `derive` reads them (their prepared system data); none for anything else. */
function derivedItemsOf(parent: unknown): DeriveItem[] {
  const items = (parent as { items?: { contents?: readonly { type: string; system: unknown }[] } } | null)?.items
    ?.contents;
  return (items ?? []).map((i) => ({ type: i.type, system: i.system }));
}

export const actorModel = (meta: ModelMetadata<"Actor">) => modelFor<Actor.Implementation>(meta);
export const itemModel = (meta: ModelMetadata<"Item">) => modelFor<Item.Implementation>(meta);
