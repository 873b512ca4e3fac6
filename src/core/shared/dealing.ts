import { DICE_SHORT } from "./journal.js";
import { applied, type Outcome } from "./outcome.js";
import { dealtRoller, type Roller } from "./roller.js";

/** Rolls one die outside the core (in Foundry, a `Roll` of 1dN) and gives its face. */
export type DrawDie = (sides: number) => Promise<number>;

/** A die rolled for a step: how many sides it had and what it showed. */
export interface DealtDie {
  readonly sides: number;
  readonly value: number;
}

/** More dice than any step of a fight rolls: a step that keeps asking is refused rather than rolling forever. */
const MOST_DICE = 1000;

/**
 * Run a step with dice rolled outside the core, one at a time as the step asks for them: try it with the dice so far;
 * when it needs one more, roll that die and try again. The engines are pure, so trying again is exact, and the dice the
 * step finally used are the ones to record (`record` and `openJournal` take them as `dealt`).
 */
export async function dealing<T, Event>(
  step: (dice: readonly number[]) => Outcome<T, Event>,
  draw: DrawDie,
): Promise<{ readonly outcome: Outcome<T, Event>; readonly dice: readonly DealtDie[] }> {
  const dice: DealtDie[] = [];
  for (;;) {
    const outcome = step(dice.map((d) => d.value));
    if (outcome.ok || outcome.key !== DICE_SHORT) return { outcome, dice };
    const sides = Number(outcome.data?.sides);
    if (dice.length >= MOST_DICE) {
      return {
        outcome: {
          ok: false,
          key: "FRAY.Refusal.TooManyDice",
          reason: `the step asked for more than ${MOST_DICE} dice`,
        },
        dice,
      };
    }
    const value = await draw(sides);
    if (!Number.isInteger(value) || value < 1 || value > sides) {
      return {
        outcome: { ok: false, key: "FRAY.Refusal.BadDie", reason: `a d${sides} cannot show ${value}`, data: { sides } },
        dice,
      };
    }
    dice.push({ sides, value });
  }
}

/**
 * A pure roll outside any engine (a fall, a descent roll) run with exactly the dice dealt so far, for `dealing`: its
 * result, or DICE_SHORT naming the one more die it needs.
 */
export function withDealtDice<T>(dice: readonly number[], roll: (roller: Roller) => T): Outcome<T, never> {
  const roller = dealtRoller(dice);
  try {
    return applied(roll(roller));
  } catch (e) {
    if (roller.wanted === null) throw e;
    return { ok: false, key: DICE_SHORT, reason: `needs a d${roller.wanted} more`, data: { sides: roller.wanted } };
  }
}
