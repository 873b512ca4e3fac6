import { field } from "../../field-spec.js";
import type { ModelMetadata } from "../../model-metadata.js";

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
    // ESC-61 Weapon focus: the names of its 3 chosen weapons, separated by commas (escalation-feats.ts reads them).
    weapons: field.text("FRAY.Escalation.FocusWeapons", ""),
    description: field.html("FRAY.Field.Description"),
  },
  migrations: [],
  summary: ["feat"],
};
