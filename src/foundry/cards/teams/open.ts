import type { TeamsCommand, TeamsSetup } from "../../../core/attack/teams/types.js";
import { validCombatant, validWeapon } from "../../../core/attack/teams/valid-combatant.js";
import { applied, refuse, type Outcome, type Refusal } from "../../../core/shared/outcome.js";
import type { AttackChoice, AttackOpening, CardActor } from "../attack-ruleset.js";
import { readCardOptions, type TeamsCardOptions } from "./card-options.js";
import { combatantFromActor, TEAMS_ACTOR, type ActorReading } from "./combatant-from-actor.js";
import { weaponFromItem } from "./weapon-from-item.js";

/** Item types that make a teams attack from the sheet: weapons (armour, talents and consumables do not attack). */
export const TEAMS_ATTACK_ITEMS = ["teams-weapon"] as const;

/** The two sides of a card's attack; TEAM-39's allies are not on a two-actor card. */
const ATTACKER_TEAM = "attacker";
const TARGET_TEAM = "target";

function wrongActor(actor: CardActor): Refusal {
  return refuse("TeamsCardWrongActor", `${actor.name} is not a teams character`, undefined, {
    name: actor.name,
    type: actor.type,
  });
}

/** The chosen item: on the attacker's sheet, and one that attacks. */
function chosenItem(choice: AttackChoice): AttackChoice["attacker"]["items"][number] | Refusal {
  const { attacker, target, itemId } = choice;
  const item = itemId === null ? undefined : attacker.items.find((i) => i.id === itemId);
  if (!item) {
    if (itemId !== null && target.items.some((i) => i.id === itemId))
      return refuse("TeamsCardNotYourItem", `${attacker.name} does not carry that item`, undefined, {
        name: attacker.name,
      });
    return refuse("TeamsCardNoItem", `${attacker.name} attacks with no item it carries`, "TEAM-18", {
      name: attacker.name,
    });
  }
  if (!(TEAMS_ATTACK_ITEMS as readonly string[]).includes(item.type))
    return refuse("TeamsCardNotAnAttackItem", `${item.name} is not a weapon`, "TEAM-18", { item: item.name });
  return item;
}

/** Both actors read, with what the turn order knows about each. */
function readBoth(
  choice: AttackChoice,
  o: TeamsCardOptions,
): { attacker: ActorReading; target: ActorReading } | Refusal {
  for (const a of [choice.attacker, choice.target]) if (a.type !== TEAMS_ACTOR) return wrongActor(a);
  if (choice.attacker.id === choice.target.id)
    return refuse("CannotAttackSelf", `${choice.attacker.name} cannot attack itself`, undefined, {
      name: choice.attacker.name,
    });
  const attacker = combatantFromActor(choice.attacker, { team: ATTACKER_TEAM, attacksThisRound: o.attacksThisRound });
  if ("ok" in attacker) return attacker;
  const target = combatantFromActor(choice.target, {
    team: TARGET_TEAM,
    reactions: o.reactions,
    guarding: o.targetGuarding,
    inCover: o.targetInCover,
  });
  if ("ok" in target) return target;
  return { attacker, target };
}

/** The declaration (or TEAM-72's killing strike) the card records at once. */
function openingCommand(
  choice: AttackChoice,
  o: TeamsCardOptions,
  weapon: TeamsSetup["combatants"][number]["weapon"],
): TeamsCommand {
  const attacker = choice.attacker.id;
  const target = choice.target.id;
  if (o.killingStrike) return { type: "killingStrike", attacker, target };
  return {
    type: "declare",
    attacker,
    target,
    weapon,
    sneak: o.sneak,
    flanking: o.flanking,
    advantages: o.advantages,
    disadvantages: o.disadvantages,
  };
}

/** The pipeline's setup from the two sheets and the chosen weapon, and the opening command. */
export function openTeamsAttack(choice: AttackChoice): Outcome<AttackOpening<TeamsSetup, TeamsCommand>, never> {
  const item = chosenItem(choice);
  if ("ok" in item) return item;
  const o = readCardOptions(choice.options);
  if ("ok" in o) return o;
  const both = readBoth(choice, o);
  if ("ok" in both) return both;
  const weapon = weaponFromItem(item, both.attacker.dice, { attribute: o.attribute, proficiency: o.proficiency });
  if ("ok" in weapon) return weapon;
  const badWeapon = validWeapon(weapon, choice.attacker.id);
  if (badWeapon) return badWeapon;
  // the killing strike (TEAM-72) tests with the combatant's own weapon: the chosen one
  const attacker = { ...both.attacker.combatant, weapon };
  for (const c of [attacker, both.target.combatant]) {
    const bad = validCombatant(c);
    if (bad) return bad;
  }
  // TEAM-50: the attacker's luck die decides the attack; the pipeline has one luck die for the card
  const setup: TeamsSetup = {
    combatants: [attacker, both.target.combatant],
    options: { luckDieSides: both.attacker.luckDie },
  };
  return applied({ setup, opening: [openingCommand(choice, o, weapon)] });
}
