import { isRemovedByWounds } from "../../../../core/attack/strain/loads.js";
import { isExhausted, isFrayed } from "../../../../core/attack/strain/character.js";
import { field } from "../../field-spec.js";
import type { ModelMetadata } from "../../model-metadata.js";

/**
 * A character of the strain rule set (strain.txt): no hit points, but Fatigue and Stress Loads against
 * their Tolerances (STR-55), the defensive modifiers (STR-40, STR-41), Initiative (STR-02), Speed,
 * Wounds (STR-63) and the current Stance. Art modifiers live on the character's strain-art items (STR-36).
 */
export const strainCharacter: ModelMetadata<"Actor"> = {
  documentName: "Actor",
  type: "strain-character",
  ruleset: "strain",
  schemaVersion: 1,
  fields: {
    // Blank: the side comes from the token's disposition (friendly "pc", hostile "npc"); set, it overrides it.
    side: field.text("FRAY.Strain.Side", "", ["", "pc", "npc"], "FRAY.Side.fromToken"),
    initiative: field.modifier("FRAY.Strain.Initiative"),
    resilience: field.modifier("FRAY.Strain.Resilience"),
    evasion: field.modifier("FRAY.Strain.Evasion"),
    resolve: field.modifier("FRAY.Strain.Resolve"),
    speed: field.count("FRAY.Strain.Speed", 4),
    fatigue: field.group("FRAY.Strain.Fatigue", {
      load: field.count("FRAY.Strain.FatigueLoad"),
      tolerance: field.count("FRAY.Strain.FatigueTolerance", 3),
    }),
    stress: field.group("FRAY.Strain.Stress", {
      load: field.count("FRAY.Strain.StressLoad"),
      tolerance: field.count("FRAY.Strain.StressTolerance", 3),
    }),
    // STR-64: three Wounds remove the character from combat.
    wounds: field.count("FRAY.Strain.Wounds", 0, 3),
    stance: field.text("FRAY.Strain.Stance"),
    statuses: field.group("FRAY.Strain.Statuses", {
      vulnerable: field.count("FRAY.Strain.Vulnerable"),
      slowed: field.count("FRAY.Strain.Slowed"),
      dazed: field.count("FRAY.Strain.Dazed"),
      stunned: field.count("FRAY.Strain.Stunned"),
      incapacitated: field.flag("FRAY.Strain.Incapacitated"),
    }),
    notes: field.html("FRAY.Field.Notes"),
  },
  migrations: [],
  // STR-19 Speed, STR-22 Teleport, and the Slowed and Dazed counts (STR-27, STR-28).
  mover: {
    actions: ["walk", "teleport"],
    fields: { speed: "speed", slowed: "statuses.slowed", dazed: "statuses.dazed" },
  },
  tracked: ["fatigue", "stress", "wounds"],
  // The Statuses of strain.txt: Vulnerable, Slowed, Dazed and Stunned stack (on above 0); STR-61 Incapacitated is on or
  // off.
  statuses: [
    { path: "statuses.vulnerable", img: "icons/svg/target.svg" },
    { path: "statuses.slowed", img: "icons/svg/degen.svg" },
    { path: "statuses.dazed", img: "icons/svg/daze.svg" },
    { path: "statuses.stunned", img: "icons/svg/paralysis.svg" },
    { path: "statuses.incapacitated", img: "icons/svg/unconscious.svg" },
  ],
  bars: ["fatigue", "stress"],
  // STR-55: a Load against its Tolerance, shown as a bar without renaming what the text names.
  barShapes: { fatigue: { value: "load", max: "tolerance" }, stress: { value: "load", max: "tolerance" } },
  derive(system) {
    const fatigue = system.fatigue as { load: number; tolerance: number };
    const stress = system.stress as { load: number; tolerance: number };
    return {
      frayed: isFrayed({ stressLoad: stress.load, stressTolerance: stress.tolerance }),
      exhausted: isExhausted({ fatigueLoad: fatigue.load, fatigueTolerance: fatigue.tolerance }),
      removedFromCombat: isRemovedByWounds(system.wounds as number),
    };
  },
  badges: { removedFromCombat: { tone: "danger" } },
  // STR-13: a Stance comes from the character's own stance abilities.
  picks: { stance: { from: "items", type: "strain-ability", field: "kind", equals: "stance" } },
};
