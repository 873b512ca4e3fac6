import { escalationCombatant } from "../../../../core/attack/escalation/combatant.js";
import { defenceOf } from "../../../../core/attack/escalation/defence.js";
import { summoningSlots } from "../../../../core/attack/escalation/summoning.js";
import { DEFAULT_GRID_OPTIONS } from "../../../../core/space/grid/grid-options.js";
import { escalationMovement } from "../../../../core/space/grid/movement-allowance.js";
import { freeHitSlots } from "../../../../core/economy/escalation.js";
import { escalationFeatsOf } from "./escalation-feats.js";
import { field } from "../../field-spec.js";
import type { ModelMetadata } from "../../model-metadata.js";

/**
 * A unit of the escalation rule set (escalation.txt): modifiers, HP and MP, level, movement, wounds, conditions. Feats
 * are items.
 */
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
  // ESC-07 movement; the halved and prone movement of ESC-12 and ESC-46.
  mover: {
    actions: ["walk", "sneak", "swim", "climb", "crawl"],
    fields: { speed: "movement", prone: "conditions.prone" },
  },
  tracked: ["hp", "mp", "wounds"],
  statuses: [
    { path: "conditions.prone", img: "icons/svg/falling.svg" },
    { path: "conditions.flatFooted", img: "icons/svg/downgrade.svg" },
    { path: "conditions.channeling", img: "icons/svg/aura.svg" },
    { path: "conditions.disarmed", img: "icons/svg/sword.svg" },
  ],
  bars: ["hp", "mp"],
  derive(system, items = []) {
    const agility = system.agility as number;
    const c = system.conditions as { prone: boolean; flatFooted: boolean; channeling: boolean };
    // The core decides every number here: the sheet only shows it. Feats are items: ESC-57 summoning slots,
    // ESC-58 dodging while channeling, ESC-62 movement.
    const feats = escalationFeatsOf(items.map((i) => ({ type: i.type, system: i.system })));
    const unit = escalationCombatant({ id: "sheet", agility, level: system.level as number, ...c, feats });
    const defence = defenceOf(unit, 0, false);
    return {
      freeHitSlots: freeHitSlots(agility),
      summoningSlots: summoningSlots(unit),
      toHitTarget: defence.needed,
      // ESC-46 prone and ESC-44 flat-footed units cannot dodge.
      canDodge: defence.reason === "agility",
      // ESC-46: a prone unit moves a third (the grid's own allowance, walking, with nothing else applied).
      currentMovement: escalationMovement(
        { speed: system.movement as number, prone: c.prone, athlete: feats.includes("athlete") },
        "walk",
        DEFAULT_GRID_OPTIONS,
      ),
    };
  },
  // A unit that can dodge is the usual case; the badge is the exception (ESC-44, ESC-46).
  badges: { canDodge: { when: false, label: "FRAY.Derived.CannotDodge" } },
};
