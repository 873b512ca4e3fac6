import { field } from "../../field-spec.js";
import type { ModelMetadata } from "../../model-metadata.js";

/**
 * A weapon of the sections rule set: its Hit and Damage dice and weapon type (Dagger and Spear ignore swimming,
 * SEC-71).
 */
export const sectionsWeapon: ModelMetadata<"Item"> = {
  documentName: "Item",
  type: "sections-weapon",
  ruleset: "sections",
  schemaVersion: 1,
  fields: {
    weaponType: field.text("FRAY.Sections.WeaponType", "sword", [
      "dagger",
      "spear",
      "sword",
      "axe",
      "hammer",
      "bow",
      "crossbow",
      "staff",
      "other",
    ]),
    hitDie: field.die("FRAY.Sections.HitDie"),
    damageDie: field.die("FRAY.Sections.DamageDie"),
    description: field.html("FRAY.Field.Description"),
  },
  migrations: [],
  summary: ["weaponType", "hitDie", "damageDie"],
};
