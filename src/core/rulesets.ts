/** The five rule sets Fray runs, by id; the ids are the names of the chapters in ../shared/rules. */
export const RULESETS = ["sections", "escalation", "teams", "strain", "factions"] as const;
export type RulesetId = (typeof RULESETS)[number];

export function isRuleset(value: unknown): value is RulesetId {
  return typeof value === "string" && (RULESETS as readonly string[]).includes(value);
}
