import type { RulesetId } from "../core/index.js";

/**
 * The rule sets whose fights can play on from a turn-order state under way (mid-fight odds); the others start afresh
 * in the round the fight is in (docs/simulator.md says why).
 */
export const RESUMABLE: readonly RulesetId[] = ["escalation", "teams", "factions"];

export function resumable(ruleset: RulesetId): boolean {
  return RESUMABLE.includes(ruleset);
}
