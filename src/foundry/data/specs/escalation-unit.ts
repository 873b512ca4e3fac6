import { freeHitSlots } from "../../../core/economy/escalation.js";
import { field } from "../field-spec.js";
import type { ModelMetadata } from "../model-metadata.js";

/** A unit of the escalation rule set (escalation.txt): modifiers, HP and MP, level, movement, wounds, conditions. Feats are items. */
export const escalationUnit: ModelMetadata<"Actor"> = {
  documentName: "Actor",
  type: "escalation-unit",
  ruleset: "escalation",
  schemaVersion: 1,
  fields: {
    level: field.number("FRAY.Escalation.Level", 1, { min: 1 }),
    agility: field.modifier("FRAY.Escalation.Agility"),
    accuracy: field.modifier("FRAY.Escalation.Accuracy"),
    strength: field.modifier("FRAY.Escalation.Strength"),
    hp: field.pool("FRAY.Escalation.HP", 10),
    mp: field.pool("FRAY.Escalation.MP", 10),
    // ESC-07: "traditionally 6 spaces".
    movement: field.count("FRAY.Escalation.Movement", 6),
    wounds: field.count("FRAY.Escalation.Wounds"),
    conditions: field.group("FRAY.Escalation.Conditions", {
      prone: field.flag("FRAY.Escalation.Prone"),
      flatFooted: field.flag("FRAY.Escalation.FlatFooted"),
      channeling: field.flag("FRAY.Escalation.Channeling"),
      disarmed: field.flag("FRAY.Escalation.Disarmed"),
    }),
    summon: field.group("FRAY.Escalation.Summon", {
      summoned: field.flag("FRAY.Escalation.Summoned"),
      thralled: field.flag("FRAY.Escalation.Thralled"),
      summoningSickness: field.flag("FRAY.Escalation.SummoningSickness"),
    }),
    notes: field.html("FRAY.Field.Notes"),
  },
  migrations: [],
  derive(system) {
    const agility = system.agility as number;
    const level = system.level as number;
    const movement = system.movement as number;
    const c = system.conditions as { prone: boolean; flatFooted: boolean; channeling: boolean };
    // ESC-14 / ESC-44 / ESC-46 / ESC-50: the attack total needed to hit this unit; channeling makes it flat-footed.
    const flat = c.flatFooted || c.channeling;
    const toHitTarget = flat ? 5 : c.prone ? 5 + agility : agility + 10;
    return {
      freeHitSlots: freeHitSlots(agility),
      // ESC-52: summoning slots equal level (feats such as Legion leader add to it on the actor's items).
      summoningSlots: level,
      toHitTarget: Math.min(toHitTarget, agility + 10),
      // ESC-46: prone moves 1/3 of its movement, rounded down (the rounding is the core's ruling).
      currentMovement: c.prone ? Math.floor(movement / 3) : movement,
      canDodge: !(c.prone || flat),
    };
  },
};
