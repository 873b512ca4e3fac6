import type { Roller } from "../shared/roller.js";
import { finish, formatModifier, type DiceRoll } from "./dice-roll.js";

/**
 * The luck die (teams TEAM-50..53, TEAM-70). Its size is defined outside the combat chapter:
 * ruling, a d20 by default (option luckDieSides) plus the character's luck modifier.
 */
export const DEFAULT_LUCK_DIE = 20;

export function rollLuck(roller: Roller, modifier = 0, sides: number = DEFAULT_LUCK_DIE): DiceRoll {
  const value = roller.die(sides);
  return finish(`1d${sides}${formatModifier(modifier)}`, [{ sides, value, kept: true }], modifier);
}

/** rollLuck's total alone, from the same die: for callers with no roll to show. */
export function luckTotal(roller: Roller, modifier = 0, sides: number = DEFAULT_LUCK_DIE): number {
  return roller.die(sides) + modifier;
}

/** TEAM-50: a luck roll at or above the weapon's critical threshold makes the attack a critical. */
export function isLuckCritical(luck: number, threshold: number): boolean {
  return luck >= threshold;
}

/** TEAM-52: a luck roll of 1 or less may send a thrown or projectile attack astray. */
export function isLuckMisfire(luck: number): boolean {
  return luck <= 1;
}

/** Outside attacks a luck roll of 20 or more adds +4 to the test (TEAM-50 names the usual rule). */
export function luckBonus(luck: number): number {
  return luck >= 20 ? 4 : 0;
}

/** A luck test (TEAM-70 cheating death): the luck roll against a difficulty, meeting it succeeds. */
export function luckTest(
  roller: Roller,
  difficulty: number,
  modifier = 0,
  sides: number = DEFAULT_LUCK_DIE,
): { roll: DiceRoll; success: boolean } {
  const roll = rollLuck(roller, modifier, sides);
  return { roll, success: roll.total >= difficulty };
}
