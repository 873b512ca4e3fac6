import type { TargetChoice } from "./types.js";

/**
 * The index of the enemy an attack goes at: among indices `from..to-1` that `standing` allows,
 * the lowest (weakest) or highest (strongest) `score`, or the first; ties keep party order.
 * Returns -1 when nobody is standing. Allocates nothing: it runs for every attack.
 */
export function pickTarget(
  choice: TargetChoice,
  from: number,
  to: number,
  standing: (i: number) => boolean,
  score: (i: number) => number,
): number {
  let best = -1;
  let bestScore = 0;
  for (let i = from; i < to; i++) {
    if (!standing(i)) continue;
    if (choice === "first") return i;
    const s = score(i);
    if (best < 0 || beats(choice, s, bestScore)) {
      best = i;
      bestScore = s;
    }
  }
  return best;
}

/** Whether score `s` makes a better target than `best` under `choice` (weakest: lower; strongest: higher). */
function beats(choice: TargetChoice, s: number, best: number): boolean {
  return choice === "weakest" ? s < best : s > best;
}

/**
 * pickTarget over `units[from..to-1]` themselves, `standing` and `score` reading a unit: given functions made once
 * (module functions, not closures over a fight made per fight), V8 inlines the whole pick where it is called.
 */
export function pickAmong<U>(
  choice: TargetChoice,
  from: number,
  to: number,
  units: readonly U[],
  standing: (u: U) => boolean,
  score: (u: U) => number,
): number {
  let best = -1;
  let bestScore = 0;
  for (let i = from; i < to; i++) {
    const u = units[i] as U;
    if (!standing(u)) continue;
    if (choice === "first") return i;
    const s = score(u);
    if (best < 0 || beats(choice, s, bestScore)) {
      best = i;
      bestScore = s;
    }
  }
  return best;
}

/** pickEnemy through pickAmong: unit `me`'s target among its enemies, read from `units` by `standing` and `score`. */
export function pickEnemyAmong<U>(
  choice: TargetChoice,
  me: number,
  na: number,
  units: readonly U[],
  standing: (u: U) => boolean,
  score: (u: U) => number,
): number {
  return me < na
    ? pickAmong(choice, na, units.length, units, standing, score)
    : pickAmong(choice, 0, na, units, standing, score);
}

/** The target of unit `me`'s attack among its enemies: party a holds units 0..na-1, party b units na..n-1. */
export function pickEnemy(
  choice: TargetChoice,
  me: number,
  na: number,
  n: number,
  standing: (i: number) => boolean,
  score: (i: number) => number,
): number {
  return me < na ? pickTarget(choice, na, n, standing, score) : pickTarget(choice, 0, na, standing, score);
}
