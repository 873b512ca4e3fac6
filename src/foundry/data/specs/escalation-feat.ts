import { field } from "../field-spec.js";
import type { ModelMetadata } from "../model-metadata.js";

/** The feats escalation.txt names (ESC-56..ESC-62); anything else is "other" and read by the GM. */
export const ESCALATION_FEATS = [
  "sneakAttack",
  "legionLeader",
  "battleCaster",
  "maneuverer",
  "reach",
  "weaponFocus",
  "athlete",
  "other",
] as const;

export const escalationFeat: ModelMetadata<"Item"> = {
  documentName: "Item",
  type: "escalation-feat",
  ruleset: "escalation",
  schemaVersion: 1,
  fields: {
    feat: field.text("FRAY.Escalation.Feat", "other", ESCALATION_FEATS),
    description: field.html("FRAY.Field.Description"),
  },
  migrations: [],
  summary: ["feat"],
};
