import { field } from "../../field-spec.js";
import type { ModelMetadata } from "../../model-metadata.js";

/**
 * An ability of the strain rule set: an Action or a Stance from a Combat Art or the Basic Combat Abilities
 * (STR-13), with its tags (Attack, Ranged STR-42, Finisher STR-43, Overexert STR-44, Buff STR-51, ...),
 * range (STR-18), area (STR-30..STR-32) and what it deals (Fatigue or Stress, STR-55).
 */
export const strainAbility: ModelMetadata<"Item"> = {
  documentName: "Item",
  type: "strain-ability",
  ruleset: "strain",
  schemaVersion: 1,
  fields: {
    art: field.text("FRAY.Strain.Art"),
    kind: field.text("FRAY.Strain.AbilityKind", "action", ["action", "stance"]),
    attack: field.text("FRAY.Strain.AttackType", "none", ["none", "physical", "mental"]),
    tags: field.tags("FRAY.Field.Tags", [
      "ranged",
      "finisher",
      "overexert",
      "buff",
      "terrainEffect",
      "teleport",
      "trigger",
    ]),
    range: field.count("FRAY.Field.Range"),
    area: field.group("FRAY.Strain.Area", {
      shape: field.text("FRAY.Strain.AreaShape", "none", ["none", "area", "line", "aura"]),
      size: field.count("FRAY.Strain.AreaSize"),
    }),
    deals: field.text("FRAY.Strain.Deals", "none", ["none", "fatigue", "stress"]),
    description: field.html("FRAY.Field.Description"),
  },
  migrations: [],
  summary: ["kind", "attack", "range", "deals", "tags"],
};
