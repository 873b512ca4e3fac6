import { cheatDeathDifficulty, isBloodied, isHarmed, missingHealth, overConstitution } from "../../../core/attack/teams/combatant.js";
import { field } from "../field-spec.js";
import type { ModelMetadata } from "../model-metadata.js";

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
    damageReduction: field.group("FRAY.Teams.DamageReduction", {
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
    // TEAM-15: e.g. danger sense; acts in the surprise round even when its team is surprised.
    cannotBeSurprised: field.flag("FRAY.Teams.CannotBeSurprised"),
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
        "teams.txt names the second attribute dexterity (TEAM-47 'strength or dexterity'): attributes.agility becomes attributes.dexterity",
      migrate(source) {
        const attributes = source.attributes;
        if (typeof attributes !== "object" || attributes === null || !("agility" in attributes)) return source;
        const { agility, ...rest } = attributes as Record<string, unknown>;
        return { ...source, attributes: { dexterity: agility, ...rest } };
      },
    },
  ],
  tracked: ["endurance", "health"],
  statuses: [
    { path: "conditions.prone", img: "icons/svg/falling.svg" },
    { path: "conditions.unconscious", img: "icons/svg/unconscious.svg" },
  ],
  bars: ["endurance", "health"],
  derive(system) {
    const endurance = system.endurance as { value: number; max: number };
    const health = system.health as { value: number; max: number };
    const pools = { endurance: endurance.value, maxEndurance: endurance.max, health: health.value, maxHealth: health.max };
    const missing = Math.max(0, missingHealth(pools));
    return {
      harmed: isHarmed(pools),
      bloodied: isBloodied(pools),
      missingHealth: missing,
      mustFortify: overConstitution({ ...pools, constitution: system.constitution as number }),
      cheatDeathDifficulty: cheatDeathDifficulty(system.timesCheatedDeath as number),
    };
  },
  // TEAM-65, TEAM-67: health lost, and health lost past constitution, are what can end a character's fight.
  badges: { bloodied: { tone: "danger" }, mustFortify: { tone: "danger" } },
};
