import type { TestPool } from "../../dice/advantage.js";
import type { Roller } from "../../shared/roller.js";

/**
 * dice/advantage.ts rollTest's total alone: the same dice drawn in the same order, the best (advantage) or
 * worst (disadvantage) attempt kept, ties to the earlier one. The quick resolver needs no roll to show, and
 * building one (its formula text, a record per die) cost more than the rest of its attack.
 */
export function testTotal(roller: Roller, pool: TestPool, edge: number): number {
  const attempts = Math.abs(edge) + 1;
  let best = 0;
  for (let a = 0; a < attempts; a++) {
    let sum = 0;
    for (const sides of pool.dice) sum += roller.die(sides);
    if (a === 0 || (edge > 0 ? sum > best : sum < best)) best = sum;
  }
  return best + pool.modifier;
}
