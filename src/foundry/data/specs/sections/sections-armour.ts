import { field } from "../../field-spec.js";
import type { ModelMetadata } from "../../model-metadata.js";

/** Armour or a shield of the sections rule set: its Miss die (SEC-68). */
export const sectionsArmour: ModelMetadata<"Item"> = {
  documentName: "Item",
  type: "sections-armour",
  ruleset: "sections",
  schemaVersion: 1,
  fields: {
    missDie: field.die("FRAY.Sections.MissDie"),
    shield: field.flag("FRAY.Field.Shield"),
    description: field.html("FRAY.Field.Description"),
  },
  migrations: [],
  summary: ["missDie", "shield"],
};
