import { field } from "../../field-spec.js";
import type { ModelMetadata } from "../../model-metadata.js";

/**
 * A consumable of the factions rule set, used with a bonus action (FAC-11): a healing draught, an antidote, a dose of
 * poison.
 */
export const factionsConsumable: ModelMetadata<"Item"> = {
  documentName: "Item",
  type: "factions-consumable",
  ruleset: "factions",
  schemaVersion: 1,
  fields: {
    uses: field.pool("FRAY.Field.Uses", 1),
    description: field.html("FRAY.Field.Description"),
  },
  migrations: [],
  summary: ["uses"],
};
