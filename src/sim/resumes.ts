import type { RulesetId } from "../core/index.js";

/**
 * The rule sets whose fights can play on from a turn-order state under way (mid-fight odds): all five now. A rule
 * set added later starts afresh in the round the fight is in (and `simulate` refuses a resume for it) until its
 * fight loop takes the state from `extras.resume` as these do.
 */
export const RESUMABLE: readonly RulesetId[] = ["sections", "escalation", "teams", "strain", "factions"];

export function resumable(ruleset: RulesetId): boolean {
  return RESUMABLE.includes(ruleset);
}
