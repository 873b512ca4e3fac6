import { field } from "../../field-spec.js";
import type { ModelMetadata } from "../../model-metadata.js";
import {
  DAMAGE_TYPES,
  damageKind,
  isBroken,
  isDamageType,
  parryBonus,
} from "../../../../core/attack/teams/combatant.js";

/**
 * A weapon of the teams rule set: the attributes and proficiencies its attack test may use (TEAM-46),
 * damage and damage type (TEAM-48, TEAM-63), critical threshold and damage (TEAM-50), block and parry
 * values (TEAM-40, TEAM-43), durability and metal (TEAM-44).
 */
export const teamsWeapon: ModelMetadata<"Item"> = {
  documentName: "Item",
  type: "teams-weapon",
  ruleset: "teams",
  schemaVersion: 1,
  fields: {
    attributes: field.tags("FRAY.Teams.WeaponAttributes", ["strength", "dexterity"]),
    proficiencies: field.tags("FRAY.Teams.WeaponProficiencies", ["finesse", "martial"]),
    damage: field.count("FRAY.Teams.Damage", 2),
    damageType: field.text("FRAY.Teams.DamageType", "bludgeoning", DAMAGE_TYPES),
    criticalThreshold: field.number("FRAY.Teams.CriticalThreshold", 20, { min: 1 }),
    criticalDamage: field.count("FRAY.Teams.CriticalDamage", 4),
    range: field.count("FRAY.Field.Range"),
    tags: field.tags("FRAY.Field.Tags", ["thrown", "projectile", "reach", "block", "nonlethal"]),
    blockValue: field.count("FRAY.Teams.BlockValue"),
    parryValue: field.count("FRAY.Teams.ParryValue"),
    reloadActions: field.count("FRAY.Teams.ReloadActions"),
    durability: field.pool("FRAY.Teams.Durability", 4),
    metal: field.flag("FRAY.Teams.Metal"),
    description: field.html("FRAY.Field.Description"),
  },
  migrations: [],
  derive(system) {
    const durability = system.durability as { value: number };
    const parryValue = system.parryValue as number;
    return {
      damageKind: damageKind(isDamageType(system.damageType) ? system.damageType : null),
      // the sheet's parry value 0 means the weapon has none
      parryBonus: parryBonus({ parry: parryValue > 0 ? parryValue : null }),
      broken: isBroken({ durability: durability.value, metal: system.metal as boolean }),
    };
  },
  summary: ["damage", "damageType", "criticalThreshold", "criticalDamage", "range", "tags", "durability"],
  badges: { broken: { tone: "danger" } },
};
