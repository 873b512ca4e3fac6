/** Table options for the teams attack rules; each default is a ruling in docs/rulings.md. */
export interface TeamsOptions {
  /** TEAM-50 silent: the luck die's size (ruling d20). */
  readonly luckDieSides: number;
  /**
   * TEAM-70 silent: "exceeded its remaining health" compares the part of the hit that reached health ("healthPart") or
   * the whole hit ("wholeHit").
   */
  readonly deathRiskCompares: "healthPart" | "wholeHit";
  /** TEAM-42 silent: whether your damage reduction applies to damage that breaks through a block. */
  readonly blockExcessReduced: boolean;
  /** TEAM-62: whether deflection also reduces typeless damage (by default it does not). */
  readonly typelessReduced: boolean;
}

export const DEFAULT_TEAMS_OPTIONS: TeamsOptions = {
  luckDieSides: 20,
  deathRiskCompares: "healthPart",
  blockExcessReduced: false,
  typelessReduced: false,
};
