import { field } from "../../field-spec.js";
import type { ModelMetadata } from "../../model-metadata.js";

/** An inventory item used with the Interact action (TEAM-18): a potion, bandage, ammunition. */
export const teamsConsumable: ModelMetadata<"Item"> = {
  documentName: "Item",
  type: "teams-consumable",
  ruleset: "teams",
  schemaVersion: 1,
  fields: {
    uses: field.pool("FRAY.Field.Uses", 1),
    description: field.html("FRAY.Field.Description"),
  },
  migrations: [],
  summary: ["uses"],
};
