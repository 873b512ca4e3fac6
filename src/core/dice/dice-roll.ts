import type { Roller } from "../shared/roller.js";

/** One die as rolled: its size, what it showed, and whether it counts toward the total. */
export interface DieResult {
  readonly sides: number;
  readonly value: number;
  /** False for a die dropped by keep-highest/lowest, advantage and the like. */
  readonly kept: boolean;
}

/**
 * A roll a chat card or a 3D dice module can show: the formula as written,
 * every individual die, the flat modifier, and the total.
 */
export interface DiceRoll {
  readonly formula: string;
  readonly dice: readonly DieResult[];
  readonly modifier: number;
  readonly total: number;
}

/** Roll `count` dice of `sides` sides, all kept, plus a modifier. The building block of every other roll. */
export function rollDice(roller: Roller, count: number, sides: number, modifier = 0): DiceRoll {
  // A pair (the 2d6 of every strain initiative) is one literal, drawn in the same order: a list's first push
  // allocates room for 17.
  if (count === 2) {
    const first: DieResult = { sides, value: roller.die(sides), kept: true };
    return finish(
      `2d${sides}${formatModifier(modifier)}`,
      [first, { sides, value: roller.die(sides), kept: true }],
      modifier,
    );
  }
  const dice: DieResult[] = [];
  for (let i = 0; i < count; i++) dice.push({ sides, value: roller.die(sides), kept: true });
  return finish(`${count}d${sides}${formatModifier(modifier)}`, dice, modifier);
}

export function finish(formula: string, dice: readonly DieResult[], modifier: number): DiceRoll {
  let total = modifier;
  for (const d of dice) if (d.kept) total += d.value;
  return { formula, dice, modifier, total };
}

export function formatModifier(m: number): string {
  return m === 0 ? "" : m > 0 ? `+${m}` : `${m}`;
}
