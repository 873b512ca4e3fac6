import { LazyRegistry } from "../lazy/lazy-registry.js";
import { reportLoadFailed } from "../lazy/report-load-failed.js";
import type { AttackRuleset } from "./attack-ruleset.js";

// The cards' own types are narrower than the shared contract's; the request handler checks every command against the
// pipeline's legal() before it reaches them.
const widen = (card: unknown) => card as AttackRuleset;

/**
 * Each rule set's attack card (cards/<ruleset>/ with its pipeline in src/core/attack/<ruleset>) is its own chunk,
 * loaded by the worlds that play it; the world's own is asked for at init (`preloadCardRuleset`). The same table with
 * every card loaded at once is attack-cards.ts, for the tests.
 */
const registry = new LazyRegistry<AttackRuleset>(
  "attackCards",
  {
    sections: () => import("./sections/attack-card.js").then((m) => widen(m.sectionsAttackCard)),
    escalation: () => import("./escalation/index.js").then((m) => widen(m.escalationAttackCard)),
    teams: () => import("./teams/index.js").then((m) => widen(m.teamsAttackCard)),
    strain: () => import("./strain/card.js").then((m) => widen(m.strainAttackCard)),
    factions: () => import("./factions/index.js").then((m) => widen(m.factionsAttackCard)),
  },
  (what, id, error) => reportLoadFailed(what, id, error),
);

/** A rule set's attack card; rejects for an unknown rule set or a failed load (told once on screen). */
export function loadCardRuleset(ruleset: string): Promise<AttackRuleset> {
  return registry.load(ruleset);
}

/** The rule set's attack card if it has loaded; undefined before (or for a rule set Fray does not have). */
export function loadedCardRuleset(ruleset: string): AttackRuleset | undefined {
  return registry.loaded(ruleset);
}

/** Whether the rule set's attack card failed to load. */
export function cardRulesetFailed(ruleset: string): boolean {
  return registry.failed(ruleset);
}

/** Start loading a rule set's attack card without waiting. */
export function preloadCardRuleset(ruleset: string): void {
  registry.preload(ruleset);
}
