import { isChanneled } from "../../../../core/attack/escalation/cast-time.js";
import { field } from "../../field-spec.js";
import type { ModelMetadata } from "../../model-metadata.js";

/** A spell of the escalation rule set: cast time in actions (ESC-17), MP, upkeep, thrall cost for summons (ESC-54). */
export const escalationSpell: ModelMetadata<"Item"> = {
  documentName: "Item",
  type: "escalation-spell",
  ruleset: "escalation",
  schemaVersion: 1,
  fields: {
    castTime: field.number("FRAY.Escalation.CastTime", 1, { min: 1 }),
    mpCost: field.count("FRAY.Escalation.MPCost"),
    upkeep: field.count("FRAY.Escalation.Upkeep"),
    damage: field.text("FRAY.Field.DamageFormula"),
    range: field.count("FRAY.Field.Range"),
    summons: field.flag("FRAY.Escalation.Summons"),
    thrallCost: field.count("FRAY.Escalation.ThrallCost"),
    description: field.html("FRAY.Field.Description"),
  },
  migrations: [],
  derive(system) {
    return { channeling: isChanneled({ castTime: system.castTime as number, upkeep: system.upkeep as number }) };
  },
  summary: ["castTime", "mpCost", "upkeep", "damage", "range", "summons"],
  badges: { channeling: { tone: "info" } },
};
