import type { Roller } from "../shared/roller.js";
import { finish, formatModifier, type DiceRoll, type DieResult } from "./dice-roll.js";

/**
 * The escalation chain (escalation ESC-27..30): after a natural 20 or a natural 1 on the d20,
 * roll a d4; if it shows its highest face roll the next die, and so on.
 * ESC-28/30 silent after d8: ruling, the chain continues d10, d12, d20 and then stops.
 */
export const ESCALATION_DICE: readonly number[] = [4, 6, 8, 10, 12, 20];

export type D20Kind = "critical" | "autoFail" | "normal";

export interface EscalationChainResult {
  /** How many chain dice showed their highest face: 1 = super critical / tragedy, 2 = the d6 showed 6, ... */
  readonly steps: number;
  /** The chain dice, every one; none counts toward a total (kept: false). */
  readonly dice: readonly DieResult[];
}

/** Roll the chain until a die fails, the dice run out, or `maxSteps` successes (ESC-33/36: combat stops at the d6). */
export function rollEscalationChain(
  roller: Roller,
  maxSteps: number = ESCALATION_DICE.length,
  sizes: readonly number[] = ESCALATION_DICE,
): EscalationChainResult {
  const dice: DieResult[] = [];
  let steps = 0;
  const limit = Math.min(maxSteps, sizes.length);
  for (let i = 0; i < limit; i++) {
    const sides = sizes[i] ?? 20;
    const value = roller.die(sides);
    dice.push({ sides, value, kept: false });
    if (value !== sides) break;
    steps++;
  }
  return { steps, dice };
}

export interface EscalationD20Roll {
  /** d20 + modifier, then the chain dice (kept: false) for the card to show. */
  readonly roll: DiceRoll;
  readonly natural: number;
  readonly kind: D20Kind;
  readonly steps: number;
}

/** A d20 test that escalates on a natural 20 (critical) or natural 1 (auto fail): ESC-27..30. */
export function rollEscalationD20(
  roller: Roller,
  modifier: number,
  maxSteps: number = ESCALATION_DICE.length,
): EscalationD20Roll {
  const natural = roller.die(20);
  const kind: D20Kind = natural === 20 ? "critical" : natural === 1 ? "autoFail" : "normal";
  const chain = kind === "normal" ? null : rollEscalationChain(roller, maxSteps);
  const dice: DieResult[] = [{ sides: 20, value: natural, kept: true }];
  if (chain) for (const d of chain.dice) dice.push(d);
  return {
    roll: finish(`1d20${formatModifier(modifier)}`, dice, modifier),
    natural,
    kind,
    steps: chain ? chain.steps : 0,
  };
}
