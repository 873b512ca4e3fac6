import { atHalfHealthOrLess, immuneToMorale } from "../../../../core/turn-order/factions/morale.js";
import { field } from "../../field-spec.js";
import type { ModelMetadata } from "../../model-metadata.js";

/**
 * A character of the factions rule set (factions.txt): STR, AGI and WIT scores for saves (FAC-18, FAC-25, FAC-43),
 * health, armour (FAC-34), the faction it fights for (FAC-01) and immunity to fear (FAC-56).
 */
export const factionsCharacter: ModelMetadata<"Actor"> = {
  documentName: "Actor",
  type: "factions-character",
  ruleset: "factions",
  schemaVersion: 1,
  fields: {
    faction: field.text("FRAY.Factions.Faction"),
    str: field.number("FRAY.Factions.STR", 10, { min: 0 }),
    agi: field.number("FRAY.Factions.AGI", 10, { min: 0 }),
    wit: field.number("FRAY.Factions.WIT", 10, { min: 0 }),
    health: field.pool("FRAY.Factions.Health", 10),
    armour: field.count("FRAY.Factions.Armour"),
    immuneToFear: field.flag("FRAY.Factions.ImmuneToFear"),
    conditions: field.group("FRAY.Factions.Conditions", {
      concealed: field.flag("FRAY.Factions.Concealed"),
      entangled: field.flag("FRAY.Factions.Entangled"),
      incapacitated: field.flag("FRAY.Factions.Incapacitated"),
      surrendering: field.flag("FRAY.Factions.Surrendering"),
      // FAC-55: passed a morale check, not subject to morale for the rest of the stretch.
      steadfast: field.flag("FRAY.Factions.Steadfast"),
    }),
    notes: field.html("FRAY.Field.Notes"),
  },
  migrations: [],
  // Factions only move; a fall's damage takes health, and an incapacitated character does not go on (FAC-23).
  mover: { actions: ["walk"], fields: { health: "health.value", incapacitated: "conditions.incapacitated" } },
  tracked: ["health", "wit"],
  statuses: [
    { path: "conditions.concealed", img: "icons/svg/invisible.svg" },
    { path: "conditions.entangled", img: "icons/svg/net.svg" },
    { path: "conditions.incapacitated", img: "icons/svg/unconscious.svg" },
    { path: "conditions.surrendering", img: "icons/svg/terror.svg" },
    { path: "conditions.steadfast", img: "icons/svg/holy-shield.svg" },
  ],
  bars: ["health"],
  derive(system) {
    const health = system.health as { value: number; max: number };
    const c = system.conditions as { steadfast: boolean };
    return {
      // FAC-53: a character fighting alone checks morale at half health or less.
      atHalfHealth: atHalfHealthOrLess({ health: health.value, maxHealth: health.max }),
      // FAC-55, FAC-56: immune to fear, or steadfast (passed a morale check)
      immuneToMorale: immuneToMorale({ immuneToFear: system.immuneToFear as boolean, moraleExempt: c.steadfast }),
    };
  },
  badges: { immuneToMorale: { tone: "info" } },
  // FAC-01: the faction it fights for is one of the sides of its combat.
  picks: { faction: { from: "combatSides" } },
};
