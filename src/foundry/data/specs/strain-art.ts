import { field } from "../field-spec.js";
import type { ModelMetadata } from "../model-metadata.js";

/** A Combat Art the character has, with its modifier (STR-36); the item's name is the Art's name. */
export const strainArt: ModelMetadata<"Item"> = {
  documentName: "Item",
  type: "strain-art",
  ruleset: "strain",
  schemaVersion: 1,
  fields: {
    modifier: field.modifier("FRAY.Strain.ArtModifier"),
    description: field.html("FRAY.Field.Description"),
  },
  migrations: [],
};
