/**
 * How many commands each seeded junk-command test plays. The default run keeps the figure small; `npm run fuzz`
 * (FRAY_FUZZ=10000) plays the benchmark-sized run of 10,000 a test. Same seed, so a larger run extends a smaller one.
 */
export function fuzzCount(defaultCount: number): number {
  const n = Number(process.env.FRAY_FUZZ);
  return Number.isInteger(n) && n > 0 ? n : defaultCount;
}
