import { UNARMED } from "../../../core/attack/factions/character.js";
import { factionsAttack } from "../../../core/attack/factions/engine.js";
import type { FactionsAttackCommand, FactionsAttackSetup } from "../../../core/attack/factions/types.js";
import { isRecord } from "../../../core/shared/guards.js";
import { applied, refuse, type Outcome } from "../../../core/shared/outcome.js";
import { scriptedRoller } from "../../../core/shared/roller.js";
import type { AttackChoice, AttackOpening, CardActor, CardItem } from "../attack-ruleset.js";
import { readCharacter } from "./character.js";
import { readOptions } from "./options.js";
import { reading, stop } from "./read-data.js";
import { gearOf, type CardGear } from "./item-plan.js";
import { cardTargets } from "./blast-targets.js";
import { isDropped, readWeapon, UNARMED_ATTACK, WEAPON_TYPE, type ReadWeapon } from "./weapon.js";

/** The item types that make an attack from a factions sheet. */
export const FACTIONS_ATTACK_ITEMS: readonly string[] = [WEAPON_TYPE];

/**
 * The pipeline's setup plus the card's own record: the two actors' gear (item-plan.ts). The core's start keeps every
 * setup field it does not name in the state's circumstances, so the gear travels with the stored state.
 */
export interface FactionsCardSetup extends FactionsAttackSetup {
  readonly card: FactionsCardRecord;
}

/**
 * What the card keeps beside the pipeline's setup: the gear, and a blast's zone and the zones' names (FAC-36..FAC-39).
 */
interface FactionsCardRecord {
  readonly gear: CardGear;
  /** The zone the map says a blast hits; absent without a map or for another attack. */
  readonly zone?: string;
  readonly zones: Readonly<Record<string, string>>;
}

type FactionsOpening = AttackOpening<FactionsCardSetup, FactionsAttackCommand>;

/** The chosen item: none is unarmed (FAC-26); another actor's, a missing one or one that is not a weapon is refused. */
function chosenWeapon(choice: AttackChoice): ReadWeapon {
  const { attacker, target, itemId } = choice;
  if (itemId === null) return UNARMED_ATTACK;
  const own = attacker.items.find((i) => i.id === itemId);
  if (!own) {
    const theirs = target.items.find((i) => i.id === itemId);
    if (theirs)
      stop(
        refuse("FRAY.Refusal.CardItemNotCarried", `${attacker.name} does not carry ${theirs.name}`, undefined, {
          name: attacker.name,
          item: theirs.name,
        }),
      );
    stop(
      refuse("FRAY.Refusal.UnknownItem", `${attacker.name} has no item ${itemId}`, undefined, {
        name: attacker.name,
        item: itemId,
      }),
    );
  }
  if (!FACTIONS_ATTACK_ITEMS.includes(own.type))
    stop(refuse("FRAY.Refusal.CardNotAnAttackItem", `${own.name} is not a weapon`, undefined, { item: own.name }));
  // FAC-43: a dropped weapon lies on the ground until picked up (an action of its own).
  if (isDropped(own))
    stop(refuse("FRAY.Refusal.WeaponDropped", `${own.name} has been dropped`, "FAC-43", { item: own.name }));
  return readWeapon(own);
}

/**
 * FAC-19: the target counters with the weapon item named in the options, else its first weapon in hand, else unarmed.
 */
function counterWeapon(target: CardActor, itemId: string | null): ReadWeapon["weapon"] {
  const weapons = target.items.filter((i: CardItem) => i.type === WEAPON_TYPE && !isDropped(i));
  const item = weapons.find((i) => i.id === itemId) ?? weapons[0];
  return item ? readWeapon(item).weapon : UNARMED;
}

function setupOf(choice: AttackChoice): FactionsCardSetup {
  const { attacker, target } = choice;
  if (!isRecord(choice.options))
    stop(refuse("FRAY.Refusal.CardOption", "the attack options are not a record", undefined, { option: "options" }));
  const o = readOptions(choice.options);
  const { weapon, mode } = chosenWeapon(choice);
  const blast = cardTargets(choice);
  // The card's options speak of the target it names (aware, turn used, its counter weapon); the GM resolves the rest.
  const read = (a: CardActor) =>
    a.id === target.id
      ? readCharacter(a, counterWeapon(a, o.counterWeapon), { aware: o.targetAware, turnUsed: o.targetTurnUsed })
      : readCharacter(a, counterWeapon(a, null), { aware: true, turnUsed: a.id === attacker.id && o.attackerTurnUsed });
  return {
    attacker: readCharacter(attacker, weapon, { aware: true, turnUsed: o.attackerTurnUsed }),
    targets: blast.targets.map(read),
    // Nobody is near enough to guard or hide behind (FAC-21/22): a blast targets its whole zone, another attack one
    // target.
    bystanders: [],
    // FAC-39: where a missed ranged blast may land, with whom it would hit there.
    neighbours: blast.neighbours.map((n) => ({ zone: n.zone, targets: n.targets.map(read) })),
    mode,
    effect: o.effect,
    ...o.circumstances,
    options: o.rules,
    card: { gear: gearOf(choice), ...(blast.zone !== null ? { zone: blast.zone } : {}), zones: blast.zones },
  };
}

/**
 * The attack from the sheets: the pipeline's setup is the declaration itself (its start checks what the rules
 * forbid, FAC-28..35), so the card records no opening command.
 */
export function openFactionsAttack(choice: AttackChoice): Outcome<FactionsOpening, never> {
  const built = reading(() => setupOf(choice));
  if (!built.ok) return built;
  // The core's start is the declaration's check: a refusal there (a ranged attack on a target out of sight...) is the
  // card's.
  const started = factionsAttack.start(built.value, scriptedRoller([]));
  if (!started.ok) return started;
  return applied<FactionsOpening, never>({ setup: built.value, opening: [] });
}
