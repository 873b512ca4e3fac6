import { perceivedLighting } from "../../../../core/space/sections/vision.js";
import { field } from "../../field-spec.js";
import type { ModelMetadata } from "../../model-metadata.js";

/**
 * An entity of the sections rule set (sections.txt): innate Move (SEC-04), Hit, Miss and Damage dice (SEC-68),
 * health for falls (SEC-13), senses (SEC-56..SEC-58), Aquatic (SEC-70), incantation charges (SEC-60) and the
 * Acrobatics die of its Class card (SEC-22).
 */
export const sectionsEntity: ModelMetadata<"Actor"> = {
  documentName: "Actor",
  type: "sections-entity",
  ruleset: "sections",
  schemaVersion: 1,
  fields: {
    // Blank: the side comes from the token's disposition (friendly "pc", hostile "adversary"); set, it overrides it.
    side: field.text("FRAY.Sections.Side", "", ["", "pc", "adversary"], "FRAY.Side.fromToken"),
    move: field.count("FRAY.Sections.Move", 1),
    dice: field.group("FRAY.Sections.Dice", {
      hit: field.die("FRAY.Sections.HitDie"),
      miss: field.die("FRAY.Sections.MissDie"),
      damage: field.die("FRAY.Sections.DamageDie"),
    }),
    acrobatics: field.die("FRAY.Sections.AcrobaticsDie"),
    health: field.pool("FRAY.Sections.Health", 10),
    senses: field.group("FRAY.Sections.Senses", {
      lowLightVision: field.flag("FRAY.Sections.LowLightVision"),
      darkvision: field.flag("FRAY.Sections.Darkvision"),
      lightSensitivity: field.flag("FRAY.Sections.LightSensitivity"),
    }),
    aquatic: field.flag("FRAY.Sections.Aquatic"),
    incanting: field.flag("FRAY.Sections.Incanting"),
    incantationCharges: field.count("FRAY.Sections.IncantationCharges"),
    conditions: field.group("FRAY.Sections.Conditions", {
      debilitated: field.flag("FRAY.Sections.Debilitated"),
      vulnerable: field.flag("FRAY.Sections.Vulnerable"),
      hindered: field.flag("FRAY.Sections.Hindered"),
      immobilized: field.flag("FRAY.Sections.Immobilized"),
      defenseless: field.flag("FRAY.Sections.Defenseless"),
    }),
    notes: field.html("FRAY.Field.Notes"),
  },
  migrations: [],
  // SEC-03 Move and the special movement its cards and traits give (SEC-07..SEC-09, SEC-12, SEC-68).
  mover: {
    actions: ["walk", "climb", "swim", "phase", "fly", "teleport"],
    fields: {
      move: "move",
      aquatic: "aquatic",
      immobilized: "conditions.immobilized",
      defenseless: "conditions.defenseless",
      health: "health.value",
      acrobatics: "acrobatics",
    },
  },
  tracked: ["health"],
  statuses: [
    { path: "conditions.debilitated", img: "icons/svg/downgrade.svg" },
    { path: "conditions.vulnerable", img: "icons/svg/target.svg" },
    { path: "conditions.hindered", img: "icons/svg/blind.svg" },
    { path: "conditions.immobilized", img: "icons/svg/net.svg" },
    { path: "conditions.defenseless", img: "icons/svg/paralysis.svg" },
    // SEC-60: incanting builds charges; SEC-56..SEC-58: the senses a spell may grant or take away.
    { path: "incanting", img: "icons/svg/aura.svg" },
    { path: "senses.darkvision", img: "icons/svg/eye.svg" },
    { path: "senses.lowLightVision", img: "icons/svg/light.svg" },
    { path: "senses.lightSensitivity", img: "icons/svg/sun.svg" },
  ],
  bars: ["health"],
  derive(system) {
    const senses = system.senses as { lowLightVision: boolean; darkvision: boolean; lightSensitivity: boolean };
    // SEC-56..SEC-59, from the core's one definition of the senses.
    return {
      litSeenAs: perceivedLighting("lit", senses),
      shadowySeenAs: perceivedLighting("shadowy", senses),
      darkSeenAs: perceivedLighting("dark", senses),
    };
  },
};
