import type { Roller } from "../shared/roller.js";
import { finish, formatModifier, type DiceRoll, type DieResult } from "./dice-roll.js";

/**
 * Boon and Bane on the strain 2d6 roll. The text never says what they do (STR-41 silent), so the
 * reading is an option: "keepTwo" (default) rolls one extra d6 per net Boon and keeps the two highest,
 * or per net Bane and keeps the two lowest; "flat" adds +1 per net Boon and -1 per net Bane to 2d6.
 * Boons and Banes cancel one for one either way.
 */
export type BoonBaneReading = "keepTwo" | "flat";

/** Boons minus Banes: positive means net Boons, negative net Banes. Counts must be whole and >= 0. */
export function netBoons(boons: number, banes: number): number {
  return boons - banes;
}

export function validBoonBaneCount(n: number): boolean {
  return Number.isInteger(n) && n >= 0;
}

/** Roll 2d6 + modifier with Boons and Banes; every die is reported, dropped ones with kept=false. */
export function rollBoonBane(
  roller: Roller,
  boons: number,
  banes: number,
  modifier = 0,
  reading: BoonBaneReading = "keepTwo",
): DiceRoll {
  const net = netBoons(boons, banes);
  if (reading === "flat" || net === 0) {
    const a = roller.die(6);
    const b = roller.die(6);
    const flat = reading === "flat" ? net : 0;
    const dice: DieResult[] = [
      { sides: 6, value: a, kept: true },
      { sides: 6, value: b, kept: true },
    ];
    return finish(`2d6${formatModifier(modifier + flat)}`, dice, modifier + flat);
  }
  const count = 2 + Math.abs(net);
  const values: number[] = [];
  for (let i = 0; i < count; i++) values.push(roller.die(6));
  const keepHigh = net > 0;
  // Pick the indices of the two kept dice; on equal values the earlier die is kept, so the choice is stable.
  let first = 0;
  for (let i = 1; i < count; i++) if (better(values[i]!, values[first]!, keepHigh)) first = i;
  let second = first === 0 ? 1 : 0;
  for (let i = 0; i < count; i++) if (i !== first && better(values[i]!, values[second]!, keepHigh)) second = i;
  const dice: DieResult[] = values.map((value, i) => ({ sides: 6, value, kept: i === first || i === second }));
  return finish(`${count}d6${keepHigh ? "kh2" : "kl2"}${formatModifier(modifier)}`, dice, modifier);
}

function better(a: number, b: number, high: boolean): boolean {
  return high ? a > b : a < b;
}

/**
 * The total of the same roll as `rollBoonBane` ("keepTwo"), drawing the dice in the same order
 * but allocating nothing: for the encounter simulator.
 */
export function boonBaneTotal(roller: Roller, net: number, modifier = 0): number {
  const a = roller.die(6);
  const b = roller.die(6);
  if (net === 0) return a + b + modifier;
  const high = net > 0;
  // Keep the best two seen so far: x is the better, y the other.
  let x = better(b, a, high) ? b : a;
  let y = x === b && better(b, a, high) ? a : b;
  const extra = high ? net : -net;
  for (let i = 0; i < extra; i++) {
    const v = roller.die(6);
    if (better(v, x, high)) {
      y = x;
      x = v;
    } else if (better(v, y, high)) y = v;
  }
  return x + y + modifier;
}
