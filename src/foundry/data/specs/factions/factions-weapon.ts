import { field } from "../../field-spec.js";
import type { ModelMetadata } from "../../model-metadata.js";
import { weaponIsDamaged } from "../../../../core/attack/factions/character.js";
import { halfRange } from "../../../../core/attack/factions/range.js";

/**
 * A weapon of the factions rule set: damage die (FAC-26), melee, ranged or indirect (FAC-29..FAC-32), range in zones,
 * blast (FAC-36), hand or great and simple (FAC-64), the damaged flag (FAC-62), improvised (always damaged) and dropped
 * (FAC-43: on the ground after a disarm, until picked up). Older data without `dropped` reads as its initial false.
 */
export const factionsWeapon: ModelMetadata<"Item"> = {
  documentName: "Item",
  type: "factions-weapon",
  ruleset: "factions",
  schemaVersion: 1,
  fields: {
    damageDie: field.die("FRAY.Factions.DamageDie", "d6"),
    attack: field.text("FRAY.Factions.AttackKind", "melee", ["melee", "ranged", "indirect"]),
    range: field.count("FRAY.Field.Range"),
    grip: field.text("FRAY.Factions.Grip", "hand", ["hand", "great"]),
    simple: field.flag("FRAY.Factions.Simple"),
    blast: field.flag("FRAY.Factions.Blast"),
    damaged: field.flag("FRAY.Field.Damaged"),
    improvised: field.flag("FRAY.Factions.Improvised"),
    dropped: field.flag("FRAY.Factions.Dropped"),
    description: field.html("FRAY.Field.Description"),
  },
  migrations: [],
  derive(system) {
    return {
      handledAsDamaged: weaponIsDamaged({
        damaged: system.damaged as boolean,
        improvised: system.improvised as boolean,
      }),
      halfRange: halfRange(system.range as number),
    };
  },
  summary: ["damageDie", "attack", "range", "grip", "blast"],
};
