import type { FactionsCharacter, FactionsWeapon } from "../../../core/attack/factions/character.js";
import { refuse } from "../../../core/shared/outcome.js";
import type { CardActor } from "../attack-ruleset.js";
import { DataReader, stop } from "./read-data.js";
import { ARMOUR_TYPE } from "./weapon.js";

export const CHARACTER_TYPE = "factions-character";

/** What the sheet cannot say and the card's options do: the fight's circumstances for this character. */
export interface CharacterCircumstances {
  /** FAC-17: aware of the attacker. */
  readonly aware: boolean;
  /** FAC-14: has used its turn this round (the turn order knows; the card is told). */
  readonly turnUsed: boolean;
}

type Armour = Pick<FactionsCharacter, "armour" | "armourDamaged" | "shield">;

/**
 * The character's armour value (FAC-34): its sheet's `armour` plus every armour item it carries; the first item
 * flagged `shield` is its shield, and the `damaged` flags say what FAC-63 may destroy. Ruling of the card: worn
 * armour adds to the sheet's own value.
 */
function readArmour(actor: CardActor, base: number): Armour {
  let armour = base;
  let armourDamaged = false;
  let shield: FactionsCharacter["shield"] = null;
  for (const item of actor.items.filter((i) => i.type === ARMOUR_TYPE)) {
    const r = new DataReader(item.system, "FRAY.Refusal.CardItemData", item.name);
    const value = r.count("armour");
    const damaged = r.flag("damaged");
    if (r.flag("shield") && shield === null) shield = { armour: value, damaged };
    else {
      armour += value;
      armourDamaged ||= damaged;
    }
  }
  return { armour, armourDamaged, shield };
}

/** A factions-character actor as the attack reads it, keyed by its actor id, holding `weapon`. */
export function readCharacter(actor: CardActor, weapon: FactionsWeapon, c: CharacterCircumstances): FactionsCharacter {
  if (actor.type !== CHARACTER_TYPE)
    stop(
      refuse("FRAY.Refusal.CardActorType", `${actor.name} is a ${actor.type}, not a factions character`, undefined, { name: actor.name }),
    );
  const r = new DataReader(actor.system, "FRAY.Refusal.CardActorData", actor.name);
  return {
    id: actor.id,
    faction: r.text("faction"),
    wit: r.count("wit"),
    agi: r.count("agi"),
    str: r.count("str"),
    health: r.count("health.value"),
    ...readArmour(actor, r.count("armour")),
    weapon,
    turnUsed: c.turnUsed,
    aware: c.aware,
    concealed: r.flag("conditions.concealed"),
    incapacitated: r.flag("conditions.incapacitated"),
    // The sheet has no dead flag: a dead character is a token status and out of the fight (FAC-28).
    dead: false,
    surrendering: r.flag("conditions.surrendering"),
    // The sheet keeps `entangled` but not who holds whom (FAC-44): the card starts with no hold.
    grabbing: null,
    grabbedBy: null,
  };
}
