/** FAC-30: a ranged attack's target beyond half the weapon's range (in zones, rounded down) needs a WIT save. */
export function halfRange(range: number): number {
  return Math.floor(range / 2);
}
