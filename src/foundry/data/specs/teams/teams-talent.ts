import { field } from "../../field-spec.js";
import type { ModelMetadata } from "../../model-metadata.js";

/**
 * A talent of the teams rule set, such as danger sense: a character who cannot be surprised acts in the surprise round
 * (TEAM-15).
 */
export const teamsTalent: ModelMetadata<"Item"> = {
  documentName: "Item",
  type: "teams-talent",
  ruleset: "teams",
  schemaVersion: 1,
  fields: {
    cannotBeSurprised: field.flag("FRAY.Teams.CannotBeSurprised"),
    description: field.html("FRAY.Field.Description"),
  },
  migrations: [],
  summary: ["cannotBeSurprised"],
};
