import type { Roller } from "../shared/roller.js";
import { rollDice, type DiceRoll } from "./dice-roll.js";

/** The dice levels of sections, lowest first (SEC-68: conditions lower a die "by one dice level"). */
export const DICE_LEVELS: readonly number[] = [4, 6, 8, 10, 12];

export function isDiceLevel(sides: number): boolean {
  return DICE_LEVELS.includes(sides);
}

/** Where a die lands after stepping; `clamped` says a step was lost at d4 or d12. */
export interface SteppedDie {
  readonly sides: number;
  readonly clamped: boolean;
}

/**
 * Step a die up (positive) or down (negative) by whole levels, stopping at d4 and d12.
 * SEC-68 ruling: the text has no die below d4 or above d12, so the steps past the end are lost.
 * A size that is not a dice level is returned unchanged.
 */
export function stepDie(sides: number, steps: number): SteppedDie {
  const at = DICE_LEVELS.indexOf(sides);
  if (at < 0 || steps === 0) return { sides, clamped: false };
  const want = at + steps;
  const last = DICE_LEVELS.length - 1;
  const index = want < 0 ? 0 : want > last ? last : want;
  return { sides: DICE_LEVELS[index]!, clamped: index !== want };
}

/** Roll one die stepped by `steps` levels, with a flat modifier. */
export function rollAtLevel(roller: Roller, sides: number, steps: number, modifier = 0): DiceRoll {
  return rollDice(roller, 1, stepDie(sides, steps).sides, modifier);
}
