/** A benchmark figure as printed by `npm run bench`. */
export interface BenchFigure {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
}

/** Median wall time in milliseconds of `fn` over `runs` runs, after `warmup` unmeasured runs. */
export function medianMs(fn: () => unknown, runs = 50, warmup = 5): number {
  for (let i = 0; i < warmup; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

/** How many times per second `fn` runs, measured over roughly `ms` milliseconds. */
export function perSecond(fn: () => unknown, ms = 1000): number {
  let n = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < ms) {
    fn();
    n++;
    t = performance.now();
  }
  return (n * 1000) / (t - t0);
}
