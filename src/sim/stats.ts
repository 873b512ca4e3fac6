/** Running mean and spread of a number (Welford), without keeping the values. */
export interface Running {
  n: number;
  mean: number;
  m2: number;
  min: number;
  max: number;
}

export function running(): Running {
  return { n: 0, mean: 0, m2: 0, min: Number.POSITIVE_INFINITY, max: Number.NEGATIVE_INFINITY };
}

export function add(r: Running, x: number): void {
  r.n += 1;
  const d = x - r.mean;
  r.mean += d / r.n;
  r.m2 += d * (x - r.mean);
  if (x < r.min) r.min = x;
  if (x > r.max) r.max = x;
}

/** Sample standard deviation (0 for fewer than two values). */
export function sd(r: Running): number {
  return r.n > 1 ? Math.sqrt(r.m2 / (r.n - 1)) : 0;
}

/** Wilson score interval for `k` successes in `n` trials at z (1.96 for 95%). */
export function wilson(k: number, n: number, z = 1.96): readonly [number, number] {
  if (n <= 0) return [0, 1];
  const p = k / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
