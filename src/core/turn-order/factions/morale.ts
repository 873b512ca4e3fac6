/** FAC-53: a character fighting alone must check morale once damage brings it to half its health or less. */
export function atHalfHealthOrLess(c: { readonly health: number; readonly maxHealth: number }): boolean {
  return c.maxHealth > 0 && c.health * 2 <= c.maxHealth;
}
