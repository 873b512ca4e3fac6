import { isRecord } from "../../../core/shared/guards.js";
import {
  incantationWhileClimbing,
  sectionsAttack,
  type SectionsAttackCommand,
  type SectionsAttackSetup,
  type SectionsCombatant,
} from "../../../core/attack/sections/index.js";
import { requireNonNegativeInteger } from "../../../core/attack/pipeline.js";
import { applied, refuse, type Outcome, type Refusal } from "../../../core/shared/outcome.js";
import { scriptedRoller } from "../../../core/shared/roller.js";
import type { AttackChoice, AttackOpening, CardActor, CardItem } from "../attack-ruleset.js";
import { ACTION_CARD, WEAPON, attackDice, itemDelivery } from "./attack-dice.js";
import { readOptions, type SectionsCardOptions } from "./choice-options.js";
import { labelled } from "./labels.js";
import { entityCombatant, ownDice } from "./read-entity.js";

export const ENTITY = "sections-entity";
export const ATTACK_ITEMS: readonly string[] = [WEAPON, ACTION_CARD];

type SectionsOpening = Outcome<AttackOpening<SectionsAttackSetup, SectionsAttackCommand>, never>;

/** The item the attacker attacks with, or why there is none to attack with. */
function chosenItem(choice: AttackChoice): CardItem | Refusal {
  const { attacker, itemId } = choice;
  if (itemId === null)
    return refuse("CardNoItem", `${attacker.name} attacks with a weapon or an Action card`, undefined, {
      name: attacker.name,
    });
  const item = attacker.items.find((i) => i.id === itemId);
  if (!item) {
    const owner = [choice.target, ...readOptions(choice.options).interceptors].find((a) =>
      a.items.some((i) => i.id === itemId),
    );
    const other = owner?.items.find((i) => i.id === itemId);
    if (owner && other)
      return refuse("CardItemNotOwned", `${other.name} belongs to ${owner.name}, not ${attacker.name}`, undefined, {
        item: other.name,
        owner: owner.name,
        name: attacker.name,
      });
    return refuse("UnknownItem", `${attacker.name} has no item ${itemId}`, undefined, {
      name: attacker.name,
      item: itemId,
    });
  }
  if (!ATTACK_ITEMS.includes(item.type))
    return refuse("CardNotAnAttackItem", `${item.name} (${item.type}) is not a weapon or an Action card`, undefined, {
      item: item.name,
      type: item.type,
    });
  if (!makesAttack(item))
    return refuse("CardNotAnAttackItem", `${item.name} makes no attack`, undefined, {
      item: item.name,
      type: item.type,
    });
  return item;
}

/** Whether an item attacks: every weapon, and an Action card unless it says it makes no attack (a movement card). */
export const makesAttack = (item: { readonly type: string; readonly system?: unknown }): boolean =>
  item.type !== ACTION_CARD || !isRecord(item.system) || item.system.attack !== false;

/** An Action card's Incantation value (SEC-60); 0 for a weapon or a card without one. */
function incantationOf(item: CardItem): number {
  const n = item.type === ACTION_CARD && isRecord(item.system) ? item.system.incantation : 0;
  return typeof n === "number" ? n : 0;
}

function notAnEntity(actors: readonly CardActor[]): Refusal | null {
  const bad = actors.find((a) => a.type !== ENTITY);
  return bad
    ? refuse("CardNotAnEntity", `${bad.name} is a ${bad.type}, not a sections entity`, undefined, {
        name: bad.name,
        type: bad.type,
      })
    : null;
}

/** SEC-67 reads the charges: a value the spec could not hold is refused here, as checkCombatant does for hp. */
function badCharges(cs: readonly SectionsCombatant[]): Refusal | null {
  for (const c of cs) {
    const bad = requireNonNegativeInteger(c.incantation.charges, `${c.id} incantationCharges`);
    if (bad) return bad;
  }
  return null;
}

function combatants(choice: AttackChoice, item: CardItem, o: SectionsCardOptions) {
  const { attacker, target } = choice;
  const weapon = attacker.items.find((i) => i.id === o.weaponId && i.type === WEAPON);
  const made = (a: CardActor, dice = ownDice(a.system)): SectionsCombatant =>
    entityCombatant(a.id, a.system, dice, o.conditions[a.id] ?? [], o.interrupts[a.id] ?? 1);
  const names: Record<string, string> = {};
  for (const a of [attacker, target, ...o.interceptors]) names[a.id] = a.name;
  const t = made(target);
  const interceptors = o.interceptors.map((a) => made(a));
  const attacking = made(attacker, attackDice(item, weapon, attacker.system));
  // The card says who climbs (SEC-18): the Interceptor that replaces the target is no longer in the state's target.
  const climbing = [attacking, t, ...interceptors].filter((c) => c.conditions.includes("climbing")).map((c) => c.id);
  return {
    attacker: labelled(attacking, { names, item: item.name, ...(climbing.length > 0 ? { climbing } : {}) }),
    target: t,
    interceptors,
  };
}

/**
 * The attack from the sheets: the attacker's dice from the item, the target's Miss die and health from its sheet,
 * the map's facts from the options. The sections pipeline declares in its start (no declare command), so the
 * opening has no commands; its start is run here so that whatever it would refuse is refused when opening.
 */
export function open(choice: AttackChoice): SectionsOpening {
  const wrong = notAnEntity([choice.attacker, choice.target]);
  if (wrong) return wrong;
  const item = chosenItem(choice);
  if ("ok" in item) return item;
  const o = readOptions(choice.options);
  const wrongInterceptor = notAnEntity(o.interceptors);
  if (wrongInterceptor) return wrongInterceptor;
  const c = combatants(choice, item, o);
  const bad = badCharges([c.attacker, c.target, ...c.interceptors]);
  if (bad) return bad;
  // SEC-19: an Action card with an Incantation value is no attack a climber can make.
  const climbing = incantationWhileClimbing(c.attacker, incantationOf(item));
  if (climbing) return climbing;
  const setup: SectionsAttackSetup = {
    ...c,
    sight: o.sight,
    delivery: o.delivery ?? itemDelivery(item),
    crossesDistanceBlock: o.crossesDistanceBlock,
    targetUnderwater: o.targetUnderwater,
    reachesUnderwater: o.reachesUnderwater,
    options: {
      ...(o.tiesHit === undefined ? {} : { tiesHit: o.tiesHit }),
      ...(o.thrownCountsAsRanged === undefined ? {} : { thrownCountsAsRanged: o.thrownCountsAsRanged }),
    },
  };
  // The start rolls nothing: a roller with no dice makes sure of it.
  const started = sectionsAttack.start(setup, scriptedRoller([]));
  if (!started.ok) return started;
  return applied({ setup, opening: [] });
}
