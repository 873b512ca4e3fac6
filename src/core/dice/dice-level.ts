import type { Roller } from "../shared/roller.js";
import { rollDice, type DiceRoll } from "./dice-roll.js";

/** The dice levels of sections, lowest first (SEC-68: conditions lower a die "by one dice level"). */
export const DICE_LEVELS: readonly number[] = [4, 6, 8, 10, 12];

export function isDiceLevel(sides: number): boolean {
  return levelOf(sides) >= 0;
}

/** Where `sides` stands among the dice levels, or -1: a loop, as a simulated attack asks three times. */
function levelOf(sides: number): number {
  for (let i = 0; i < DICE_LEVELS.length; i++) if (DICE_LEVELS[i] === sides) return i;
  return -1;
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
  const at = levelOf(sides);
  const want = at + steps;
  return {
    sides: steppedSides(sides, steps),
    clamped: at >= 0 && steps !== 0 && (want < 0 || want >= DICE_LEVELS.length),
  };
}

/** stepDie's sides alone. */
export function steppedSides(sides: number, steps: number): number {
  const at = levelOf(sides);
  if (at < 0 || steps === 0) return sides;
  const want = at + steps;
  const last = DICE_LEVELS.length - 1;
  return DICE_LEVELS[want < 0 ? 0 : want > last ? last : want] as number;
}

/** Roll one die stepped by `steps` levels, with a flat modifier. */
export function rollAtLevel(roller: Roller, sides: number, steps: number, modifier = 0): DiceRoll {
  return rollDice(roller, 1, stepDie(sides, steps).sides, modifier);
}
