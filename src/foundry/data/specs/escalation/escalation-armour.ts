import { field } from "../../field-spec.js";
import type { ModelMetadata } from "../../model-metadata.js";

/** Armour of the escalation rule set: its reduction counts before a wound is judged (ESC-20). */
export const escalationArmour: ModelMetadata<"Item"> = {
  documentName: "Item",
  type: "escalation-armour",
  ruleset: "escalation",
  schemaVersion: 1,
  fields: {
    reduction: field.count("FRAY.Escalation.Reduction"),
    shield: field.flag("FRAY.Field.Shield"),
    description: field.html("FRAY.Field.Description"),
  },
  migrations: [],
  summary: ["reduction", "shield"],
};
