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
    if (best < 0 || (choice === "weakest" ? s < bestScore : s > bestScore)) {
      best = i;
      bestScore = s;
    }
  }
  return best;
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

/**
 * pickEnemy over the fight's members themselves, `standing` and `score` read from a member: the same choice (a
 * property test holds the two together), for a fight whose tests are plain module functions, which V8 inlines where
 * the per-fight closures pickEnemy calls cost a twelfth of a strain fight.
 */
export function pickEnemyAmong<U>(
  choice: TargetChoice,
  me: number,
  na: number,
  units: readonly U[],
  standing: (u: U) => boolean,
  score: (u: U) => number,
): number {
  const from = me < na ? na : 0;
  const to = me < na ? units.length : na;
  let best = -1;
  let bestScore = 0;
  for (let i = from; i < to; i++) {
    const u = units[i] as U;
    if (!standing(u)) continue;
    if (choice === "first") return i;
    const s = score(u);
    if (best < 0 || (choice === "weakest" ? s < bestScore : s > bestScore)) {
      best = i;
      bestScore = s;
    }
  }
  return best;
}
