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
import { readWeapon, UNARMED_ATTACK, WEAPON_TYPE, type ReadWeapon } from "./weapon.js";

/** The item types that make an attack from a factions sheet. */
export const FACTIONS_ATTACK_ITEMS: readonly string[] = [WEAPON_TYPE];

export type FactionsOpening = AttackOpening<FactionsAttackSetup, FactionsAttackCommand>;

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
    stop(refuse("FRAY.Refusal.UnknownItem", `${attacker.name} has no item ${itemId}`, undefined, { name: attacker.name, item: itemId }));
  }
  if (!FACTIONS_ATTACK_ITEMS.includes(own.type))
    stop(refuse("FRAY.Refusal.CardNotAnAttackItem", `${own.name} is not a weapon`, undefined, { item: own.name }));
  return readWeapon(own);
}

/** FAC-19: the target counters with the weapon item named in the options, else its first weapon, else unarmed. */
function counterWeapon(target: CardActor, itemId: string | null): ReadWeapon["weapon"] {
  const weapons = target.items.filter((i: CardItem) => i.type === WEAPON_TYPE);
  const item = weapons.find((i) => i.id === itemId) ?? weapons[0];
  return item ? readWeapon(item).weapon : UNARMED;
}

function setupOf(choice: AttackChoice): FactionsAttackSetup {
  const { attacker, target } = choice;
  if (!isRecord(choice.options))
    stop(refuse("FRAY.Refusal.CardOption", "the attack options are not a record", undefined, { option: "options" }));
  const o = readOptions(choice.options);
  const { weapon, mode } = chosenWeapon(choice);
  return {
    attacker: readCharacter(attacker, weapon, { aware: true, turnUsed: o.attackerTurnUsed }),
    targets: [readCharacter(target, counterWeapon(target, o.counterWeapon), { aware: o.targetAware, turnUsed: o.targetTurnUsed })],
    // The card names one target: nobody else is near enough to guard or hide behind (FAC-21/22), no zones to deviate into (FAC-39).
    bystanders: [],
    neighbours: [],
    mode,
    effect: o.effect,
    ...o.circumstances,
    options: o.rules,
  };
}

/**
 * The attack from the sheets: the pipeline's setup is the declaration itself (its start checks what the rules
 * forbid, FAC-28..35), so the card records no opening command.
 */
export function openFactionsAttack(choice: AttackChoice): Outcome<FactionsOpening, never> {
  const built = reading(() => setupOf(choice));
  if (!built.ok) return built;
  // The core's start is the declaration's check: a refusal there (a ranged attack on a target out of sight...) is the card's.
  const started = factionsAttack.start(built.value, scriptedRoller([]));
  if (!started.ok) return started;
  return applied<FactionsOpening, never>({ setup: built.value, opening: [] });
}
