import { field } from "../field-spec.js";
import type { ModelMetadata } from "../model-metadata.js";

/** A character of the teams rule set (teams.txt): attribute and skill dice, defences, endurance then health. */
export const teamsCharacter: ModelMetadata<"Actor"> = {
  documentName: "Actor",
  type: "teams-character",
  ruleset: "teams",
  schemaVersion: 1,
  fields: {
    attributes: field.group("FRAY.Teams.Attributes", {
      strength: field.die("FRAY.Teams.Strength"),
      agility: field.die("FRAY.Teams.Agility"),
    }),
    endurance: field.pool("FRAY.Teams.Endurance", 10),
    health: field.pool("FRAY.Teams.Health", 10),
    constitution: field.count("FRAY.Teams.Constitution", 4),
  },
  migrations: [],
  derive(system) {
    const endurance = system.endurance as { value: number; max: number };
    const health = system.health as { value: number; max: number };
    return { harmed: endurance.value <= endurance.max / 2, bloodied: health.value < health.max };
  },
};
