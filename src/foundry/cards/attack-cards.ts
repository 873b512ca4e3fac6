import type { RulesetId } from "../../core/rulesets.js";
import type { AttackRuleset } from "./attack-ruleset.js";
import { escalationAttackCard } from "./escalation/index.js";
import { factionsAttackCard } from "./factions/index.js";
import { sectionsAttackCard } from "./sections/index.js";
import { strainAttackCard } from "./strain/index.js";
import { teamsAttackCard } from "./teams/index.js";

// The cards' own types are narrower than the shared contract's; the request handler checks every command against the
// pipeline's legal() before it reaches them.
const widen = (card: unknown) => card as AttackRuleset;

/** Each rule set's attack card (cards/<ruleset>/), by rule set. */
export const ATTACK_CARDS: Readonly<Record<RulesetId, AttackRuleset>> = {
  sections: widen(sectionsAttackCard),
  escalation: widen(escalationAttackCard),
  teams: widen(teamsAttackCard),
  strain: widen(strainAttackCard),
  factions: widen(factionsAttackCard),
};

export function attackCardFor(ruleset: string): AttackRuleset | undefined {
  return Object.hasOwn(ATTACK_CARDS, ruleset) ? ATTACK_CARDS[ruleset as RulesetId] : undefined;
}
