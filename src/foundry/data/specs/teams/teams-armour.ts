import { isBroken } from "../../../../core/attack/teams/combatant.js";
import { field } from "../../field-spec.js";
import type { ModelMetadata } from "../../model-metadata.js";

/**
 * Armour or a shield of the teams rule set: damage reductions, block and parry values, durability and metal
 * (TEAM-40..44).
 */
export const teamsArmour: ModelMetadata<"Item"> = {
  documentName: "Item",
  type: "teams-armour",
  ruleset: "teams",
  schemaVersion: 1,
  fields: {
    kind: field.text("FRAY.Teams.ArmourKind", "armour", ["armour", "shield"]),
    damageReduction: field.group("FRAY.Teams.DamageReduction", {
      physical: field.count("FRAY.Teams.Physical"),
      elemental: field.count("FRAY.Teams.Elemental"),
    }),
    blockValue: field.count("FRAY.Teams.BlockValue"),
    parryValue: field.count("FRAY.Teams.ParryValue"),
    durability: field.pool("FRAY.Teams.Durability", 4),
    metal: field.flag("FRAY.Teams.Metal"),
    description: field.html("FRAY.Field.Description"),
  },
  migrations: [],
  derive(system) {
    const durability = system.durability as { value: number };
    return { broken: isBroken({ durability: durability.value, metal: system.metal as boolean }) };
  },
  summary: ["kind", "blockValue", "parryValue", "durability"],
  badges: { broken: { tone: "danger" } },
};
