import type { RulesetId } from "../../core/rulesets.js";
import type { AttackRuleset } from "./attack-ruleset.js";

/** Each rule set's attack card (cards/<ruleset>/), by rule set; a rule set not listed has no card yet. */
export const ATTACK_CARDS: Partial<Record<RulesetId, AttackRuleset>> = {};

export function attackCardFor(ruleset: string): AttackRuleset | undefined {
  return Object.hasOwn(ATTACK_CARDS, ruleset) ? ATTACK_CARDS[ruleset as RulesetId] : undefined;
}
