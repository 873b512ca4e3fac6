import type { Roller } from "../shared/roller.js";
import { finish, formatModifier, type DiceRoll, type DieResult } from "./dice-roll.js";

/** A test as the teams rules write it: some dice (attribute die, skill die) plus a flat bonus (proficiency). */
export interface TestPool {
  readonly dice: readonly number[];
  readonly modifier: number;
}

/**
 * Advantage (teams TEAM-56..58), counted: +1 advantage, +2 double advantage, -1 disadvantage.
 * TEAM-58 silent on how it is rolled: ruling, roll the whole test once per level plus once,
 * keep the best (advantage) or the worst (disadvantage); the other rolls are shown as dropped.
 */
export type Edge = number;

/** Net edge from advantages and disadvantages; each side caps at double (TEAM-58 ruling). */
export function netEdge(advantages: number, disadvantages: number, cap = 2): Edge {
  const net = advantages - disadvantages;
  return Math.max(-cap, Math.min(cap, net));
}

export function poolFormula(pool: TestPool): string {
  const counts = new Map<number, number>();
  for (const s of pool.dice) counts.set(s, (counts.get(s) ?? 0) + 1);
  const parts: string[] = [];
  for (const [s, n] of counts) parts.push(`${n}d${s}`);
  return `${parts.join("+") || "0"}${formatModifier(pool.modifier)}`;
}

/** Roll a test with an edge: every die of every attempt is in the result, the kept attempt's dice kept. */
export function rollTest(roller: Roller, pool: TestPool, edge: Edge = 0): DiceRoll {
  const attempts = Math.abs(edge) + 1;
  const dice: DieResult[] = [];
  let bestStart = 0;
  let bestSum = 0;
  for (let a = 0; a < attempts; a++) {
    const start = dice.length;
    let sum = 0;
    for (const sides of pool.dice) {
      const value = roller.die(sides);
      sum += value;
      dice.push({ sides, value, kept: false });
    }
    // ties keep the earlier attempt, so the result does not depend on how ties are broken
    if (a === 0 || (edge > 0 ? sum > bestSum : sum < bestSum)) {
      bestSum = sum;
      bestStart = start;
    }
  }
  for (let i = 0; i < pool.dice.length; i++) {
    const d = dice[bestStart + i];
    if (d) dice[bestStart + i] = { sides: d.sides, value: d.value, kept: true };
  }
  const base = poolFormula(pool);
  const formula =
    edge === 0 ? base : `${base} ${edge > 0 ? "adv" : "dis"}${Math.abs(edge) > 1 ? `x${Math.abs(edge)}` : ""}`;
  return finish(formula, dice, pool.modifier);
}

/**
 * rollTest's total alone, drawing the same dice in the same order: for callers with no roll to show (the
 * encounter simulator), where building the roll (its formula text, a record per die) costs more than the rest.
 */
export function testTotal(roller: Roller, pool: TestPool, edge: Edge = 0): number {
  const attempts = Math.abs(edge) + 1;
  let best = 0;
  for (let a = 0; a < attempts; a++) {
    let sum = 0;
    for (const sides of pool.dice) sum += roller.die(sides);
    if (a === 0 || (edge > 0 ? sum > best : sum < best)) best = sum;
  }
  return best + pool.modifier;
}
