import { totalArmour, type FactionsCharacter } from "../attack/factions/character.js";
import { afterArmour, armourValue, halved, isImpaired, keepsFirst } from "../attack/factions/damage.js";
import { savePassed } from "../attack/factions/saves.js";
import { DEFAULT_FACTIONS_ATTACK_OPTIONS, type FactionsAttackOptions } from "../attack/factions/types.js";
import type { Roller } from "../shared/roller.js";

/** The circumstances a strike is told of: the GM's call for a WIT save, and holding back (both impair or gate it). */
export interface FactionsStrike {
  /** The GM calls for a WIT save to hit (FAC-25). */
  readonly witSave: boolean;
  /** The attacker holds back or attacks from concealment: the damage is impaired (FAC-26). */
  readonly impaired: boolean;
}

/** A plain strike: no WIT save, not held back. */
export const PLAIN_STRIKE: FactionsStrike = { witSave: false, impaired: false };

/**
 * The factions attack driven fast: one single-target attack with default choices (no reaction, no stunt, no cover),
 * by the attack card's rules: the WIT save when called (FAC-25), the damage die, impaired as FAC-26 reads it, then
 * armour. It draws the card's dice in the card's order, totals alone, and changes nothing: the damage dealt stays in
 * the run's field (one run a fight). A damaged weapon's break on a 1 (FAC-62) is the card's alone.
 * test/core/fast/factions-attack-run.test.ts holds it to the attack card.
 */
export class FactionsAttackFastRun {
  /** The damage the last strike dealt after armour: 0 on a miss. */
  damage = 0;

  /** One attack by `attacker` on `target`: what it dealt is in `damage`. */
  strike(
    attacker: FactionsCharacter,
    target: FactionsCharacter,
    how: FactionsStrike,
    options: FactionsAttackOptions,
    roller: Roller,
  ): void {
    if (how.witSave && !savePassed(roller.die(20), attacker.wit)) {
      this.damage = 0;
      return;
    }
    const sides = attacker.weapon.damageDie;
    const a = roller.die(sides);
    let raw = a;
    if (isImpaired(attacker.weapon, how.impaired, false)) {
      if (options.impaired === "halved") raw = halved(a);
      else {
        const b = roller.die(sides);
        raw = keepsFirst(a, b) ? a : b;
      }
    }
    this.damage = afterArmour(raw, armourValue(totalArmour(target), false, false));
  }
}

/** What resolveFactionsAttack may be told beyond its two characters. */
export interface ResolveFactionsOptions {
  readonly witSave?: boolean;
  readonly impaired?: boolean;
}
const NO_OPTIONS: ResolveFactionsOptions = {};

/** One factions attack with default choices: the damage it deals after armour (0 on a miss). Nothing is changed. */
export function resolveFactionsAttack(
  attacker: FactionsCharacter,
  target: FactionsCharacter,
  roller: Roller,
  options: ResolveFactionsOptions = NO_OPTIONS,
): number {
  const r = new FactionsAttackFastRun();
  r.strike(
    attacker,
    target,
    { witSave: options.witSave ?? false, impaired: options.impaired ?? false },
    DEFAULT_FACTIONS_ATTACK_OPTIONS,
    roller,
  );
  return r.damage;
}
