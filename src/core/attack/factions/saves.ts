import { rollDice, type DiceRoll } from "../../dice/dice-roll.js";
import type { Roller } from "../../shared/roller.js";
import { compareUnder, type Comparison } from "../pipeline.js";

/** A save: d20 roll-under; equal to the stat passes (ruling, factions.txt does not define saves). */
export interface SaveResult {
  readonly roll: DiceRoll;
  readonly comparison: Comparison;
  readonly passed: boolean;
}

export function save(roller: Roller, stat: number): SaveResult {
  const roll = rollDice(roller, 1, 20);
  // Roll-under: the roll against the stat it must not exceed; the margin is stat - roll, so >= 0 passes.
  const comparison = compareUnder(roll.total, stat);
  return { roll, comparison, passed: savePassed(roll.total, stat) };
}

/** A save's d20 passes at or under the stat. */
export function savePassed(roll: number, stat: number): boolean {
  return roll <= stat;
}

/** A save's outcome alone, on the same die as save. */
export function saves(roller: Roller, stat: number): boolean {
  return savePassed(roller.die(20), stat);
}

/** How the fleeing side's speed or stamina compares with the pursuers' (FAC-60). */
export type ChaseOdds = "faster" | "even" | "slower";

export interface ChaseResult {
  readonly escaped: readonly string[];
  readonly caught: readonly string[];
  readonly saves: readonly { readonly id: string; readonly roll: DiceRoll | null; readonly passed: boolean }[];
}

/**
 * FAC-59/60: a long chase. Faster fleeing characters escape without a save, slower ones cannot escape;
 * otherwise each makes an AGI save (the group save) and those who pass escape.
 */
export function resolveChase(
  roller: Roller,
  fleeing: readonly { readonly id: string; readonly agi: number }[],
  odds: ChaseOdds,
): ChaseResult {
  const escaped: string[] = [];
  const caught: string[] = [];
  const rolls: { id: string; roll: DiceRoll | null; passed: boolean }[] = [];
  for (const f of fleeing) {
    if (odds !== "even") {
      (odds === "faster" ? escaped : caught).push(f.id);
      rolls.push({ id: f.id, roll: null, passed: odds === "faster" });
      continue;
    }
    const s = save(roller, f.agi);
    (s.passed ? escaped : caught).push(f.id);
    rolls.push({ id: f.id, roll: s.roll, passed: s.passed });
  }
  return { escaped, caught, saves: rolls };
}
