import {
  wornArmour,
  type ArmourPiece,
  type FactionsCharacter,
  type FactionsWeapon,
} from "../../../core/attack/factions/character.js";
import { refuse } from "../../../core/shared/outcome.js";
import type { CardActor } from "../attack-ruleset.js";
import { DataReader, stop } from "./read-data.js";
import { ARMOUR_TYPE } from "./weapon.js";

export const CHARACTER_TYPE = "factions-character";

/** What the sheet cannot say and the card's options do: the fight's circumstances for this character. */
interface CharacterCircumstances {
  /** FAC-17: aware of the attacker. */
  readonly aware: boolean;
  /** FAC-14: has used its turn this round (the turn order knows; the card is told). */
  readonly turnUsed: boolean;
}

/** The armour items the character carries, read by the spec's field names; the core adds them up (wornArmour). */
function armourPieces(actor: CardActor): ArmourPiece[] {
  return actor.items
    .filter((i) => i.type === ARMOUR_TYPE)
    .map((item) => {
      const r = new DataReader(item.system, "FRAY.Refusal.CardItemData", item.name);
      return { armour: r.count("armour"), damaged: r.flag("damaged"), shield: r.flag("shield") };
    });
}

/** A factions-character actor as the attack reads it, keyed by its actor id, holding `weapon`. */
export function readCharacter(actor: CardActor, weapon: FactionsWeapon, c: CharacterCircumstances): FactionsCharacter {
  if (actor.type !== CHARACTER_TYPE)
    stop(
      refuse("FRAY.Refusal.CardActorType", `${actor.name} is a ${actor.type}, not a factions character`, undefined, {
        name: actor.name,
      }),
    );
  const r = new DataReader(actor.system, "FRAY.Refusal.CardActorData", actor.name);
  return {
    id: actor.id,
    faction: r.text("faction"),
    wit: r.count("wit"),
    agi: r.count("agi"),
    str: r.count("str"),
    health: r.count("health.value"),
    ...wornArmour(r.count("armour"), armourPieces(actor)),
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
