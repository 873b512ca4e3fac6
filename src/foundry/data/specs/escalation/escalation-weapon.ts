import { field } from "../../field-spec.js";
import type { ModelMetadata } from "../../model-metadata.js";

/**
 * A weapon of the escalation rule set: its damage comes from the weapon (ESC-15); physical attacks may be aimed
 * (ESC-19).
 */
export const escalationWeapon: ModelMetadata<"Item"> = {
  documentName: "Item",
  type: "escalation-weapon",
  ruleset: "escalation",
  schemaVersion: 1,
  fields: {
    attack: field.text("FRAY.Escalation.AttackKind", "melee", ["melee", "ranged"]),
    damage: field.text("FRAY.Field.DamageFormula", "1d6"),
    range: field.count("FRAY.Field.Range"),
    physical: field.flag("FRAY.Escalation.Physical", true),
    description: field.html("FRAY.Field.Description"),
  },
  migrations: [],
  summary: ["attack", "damage", "range", "physical"],
};
