import { damageReductionWith, type DamageReduction } from "../../../../core/attack/teams/armour.js";
import {
  cheatDeathDifficulty,
  isBloodied,
  isHarmed,
  missingHealth,
  overConstitution,
} from "../../../../core/attack/teams/combatant.js";
import { isWholeNumber, valueAt } from "../../../../core/shared/guards.js";
import { field } from "../../field-spec.js";
import type { DeriveItem, ModelMetadata } from "../../model-metadata.js";

/**
 * A count read from an item's data that may be old or junk: what is not a whole number of zero or more adds nothing.
 */
function countAt(system: unknown, path: string): number {
  const v = valueAt(system, path);
  return isWholeNumber(v) && v >= 0 ? v : 0;
}

/** TEAM-48: the reductions of the character's armour items, shields included (ruling, docs/rulings.md). */
function armourOf(items: readonly DeriveItem[]): DamageReduction[] {
  return items
    .filter((i) => i.type === "teams-armour")
    .map((i) => ({
      physical: countAt(i.system, "damageReduction.physical"),
      elemental: countAt(i.system, "damageReduction.elemental"),
    }));
}

/**
 * A character of the teams rule set (teams.txt): attribute and skill dice, proficiencies, defences,
 * damage reductions, endurance then health, stamina and focus, size, the luck die and cheated deaths.
 */
export const teamsCharacter: ModelMetadata<"Actor"> = {
  documentName: "Actor",
  type: "teams-character",
  ruleset: "teams",
  schemaVersion: 2,
  fields: {
    attributes: field.group("FRAY.Teams.Attributes", {
      strength: field.die("FRAY.Teams.Strength"),
      dexterity: field.die("FRAY.Teams.Dexterity"),
    }),
    skills: field.group("FRAY.Teams.Skills", {
      combat: field.die("FRAY.Teams.Combat", "d4", true),
      athletics: field.die("FRAY.Teams.Athletics", "d4", true),
    }),
    proficiencies: field.group("FRAY.Teams.Proficiencies", {
      finesse: field.count("FRAY.Teams.Finesse"),
      martial: field.count("FRAY.Teams.Martial"),
      fortitude: field.count("FRAY.Teams.Fortitude"),
    }),
    evasion: field.count("FRAY.Teams.Evasion", 6),
    deflection: field.count("FRAY.Teams.Deflection"),
    // The character's own: its armour items add theirs in `derive` (TEAM-48 ruling).
    damageReduction: field.group("FRAY.Teams.OwnDamageReduction", {
      physical: field.count("FRAY.Teams.Physical"),
      elemental: field.count("FRAY.Teams.Elemental"),
    }),
    endurance: field.pool("FRAY.Teams.Endurance", 10),
    health: field.pool("FRAY.Teams.Health", 10),
    constitution: field.count("FRAY.Teams.Constitution", 4),
    stamina: field.pool("FRAY.Teams.Stamina", 3),
    focus: field.pool("FRAY.Teams.Focus", 3),
    // TEAM-61: medium is size 4, small is 3.
    size: field.number("FRAY.Teams.Size", 4, { min: 1 }),
    luckDie: field.die("FRAY.Teams.LuckDie", "d20"),
    timesCheatedDeath: field.count("FRAY.Teams.TimesCheatedDeath"),
    // TEAM-15: acts in the surprise round even when its team is surprised; a talent (danger sense) sets it too, in
    // `derive`.
    cannotBeSurprised: field.flag("FRAY.Teams.OwnCannotBeSurprised"),
    conditions: field.group("FRAY.Teams.Conditions", {
      prone: field.flag("FRAY.Teams.Prone"),
      unconscious: field.flag("FRAY.Teams.Unconscious"),
    }),
    notes: field.html("FRAY.Field.Notes"),
  },
  migrations: [
    {
      to: 2,
      describe:
        "teams.txt names the second attribute dexterity (TEAM-47 'strength or dexterity'): attributes.agility " +
        "becomes attributes.dexterity",
      migrate(source) {
        const attributes = source.attributes;
        if (typeof attributes !== "object" || attributes === null || !("agility" in attributes)) return source;
        const { agility, ...rest } = attributes as Record<string, unknown>;
        return { ...source, attributes: { dexterity: agility, ...rest } };
      },
    },
  ],
  // The text leaves movement and distances blank (TEAM-45 silent): no speed, as far as the map lets; TEAM-30 prone.
  mover: { actions: ["walk"], fields: { prone: "conditions.prone" } },
  tracked: ["endurance", "health"],
  statuses: [
    { path: "conditions.prone", img: "icons/svg/falling.svg" },
    { path: "conditions.unconscious", img: "icons/svg/unconscious.svg" },
  ],
  bars: ["endurance", "health"],
  derive(system, items = []) {
    const endurance = system.endurance as { value: number; max: number };
    const health = system.health as { value: number; max: number };
    const pools = {
      endurance: endurance.value,
      maxEndurance: endurance.max,
      health: health.value,
      maxHealth: health.max,
    };
    const missing = Math.max(0, missingHealth(pools));
    return {
      harmed: isHarmed(pools),
      bloodied: isBloodied(pools),
      missingHealth: missing,
      mustFortify: overConstitution({ ...pools, constitution: system.constitution as number }),
      cheatDeathDifficulty: cheatDeathDifficulty(system.timesCheatedDeath as number),
      ...withItems(system, items),
    };
  },
  // TEAM-65, TEAM-67: health lost, and health lost past constitution, are what can end a character's fight.
  badges: {
    bloodied: { tone: "danger" },
    mustFortify: { tone: "danger" },
    cannotBeSurprisedWithTalents: { tone: "info", label: "FRAY.Teams.CannotBeSurprised" },
  },
};

/**
 * What the character's items change: TEAM-48 the damage reduction a hit meets (the sheet's own plus its armour's),
 * and TEAM-15/16 Cannot be surprised, which the sheet's flag or a talent such as danger sense sets. The combat
 * roster reads the latter from the prepared data (combat/fight/combat-roster.ts).
 */
function withItems(system: Readonly<Record<string, unknown>>, items: readonly DeriveItem[]): Record<string, unknown> {
  const own = system.damageReduction as DamageReduction;
  const worn = damageReductionWith(own, armourOf(items));
  const talent = items.some((i) => i.type === "teams-talent" && valueAt(i.system, "cannotBeSurprised") === true);
  return {
    physicalReductionWithArmour: worn.physical,
    elementalReductionWithArmour: worn.elemental,
    cannotBeSurprisedWithTalents: system.cannotBeSurprised === true || talent,
  };
}
