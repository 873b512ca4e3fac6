import { field } from "../../field-spec.js";
import type { ModelMetadata } from "../../model-metadata.js";

/**
 * Armour or a shield of the factions rule set: armour value, shield, damaged (FAC-63); armour cannot be changed in a
 * fight (FAC-10).
 */
export const factionsArmour: ModelMetadata<"Item"> = {
  documentName: "Item",
  type: "factions-armour",
  ruleset: "factions",
  schemaVersion: 1,
  fields: {
    armour: field.count("FRAY.Factions.Armour", 1),
    shield: field.flag("FRAY.Field.Shield"),
    damaged: field.flag("FRAY.Field.Damaged"),
    description: field.html("FRAY.Field.Description"),
  },
  migrations: [],
  summary: ["armour", "shield", "damaged"],
};
