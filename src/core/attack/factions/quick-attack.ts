import type { Roller } from "../../shared/roller.js";
import { totalArmour, type FactionsCharacter } from "./character.js";

/**
 * One single-target attack with default choices for the encounter simulator: no reaction, no stunt,
 * keepLower impaired damage. `witSave` says whether the GM's circumstances call for one.
 * Returns the damage after armour (0 on a miss); allocates nothing and draws the engine's dice in its order.
 */
export function quickFactionsAttack(
  roller: Roller,
  attacker: FactionsCharacter,
  target: FactionsCharacter,
  witSave = false,
  impaired = false,
): number {
  if (witSave && roller.die(20) > attacker.wit) return 0;
  const sides = attacker.weapon.damageDie;
  let raw = roller.die(sides);
  if (impaired || attacker.weapon.unarmed) {
    const b = roller.die(sides);
    if (b < raw) raw = b;
  }
  const armour = totalArmour(target);
  return raw > armour ? raw - armour : 0;
}

export interface ResolveFactionsOptions {
  readonly witSave?: boolean;
  readonly impaired?: boolean;
}
const NO_OPTIONS: ResolveFactionsOptions = {};

/** Same as quickFactionsAttack, in the argument order of the other rule sets' resolve functions. */
export function resolveFactionsAttack(
  attacker: FactionsCharacter,
  target: FactionsCharacter,
  roller: Roller,
  options: ResolveFactionsOptions = NO_OPTIONS,
): number {
  return quickFactionsAttack(roller, attacker, target, options.witSave ?? false, options.impaired ?? false);
}
