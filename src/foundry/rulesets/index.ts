import { RULESETS, type RulesetId } from "../../core/rulesets.js";
import type { AttackRuleset } from "../cards/attack-ruleset.js";
import type { CombatMode } from "../combat/fight/combat-mode.js";
import { escalation } from "./escalation.js";
import { factions } from "./factions.js";
import type { RulesetManifest } from "./ruleset-manifest.js";
import { sections } from "./sections.js";
import { strain } from "./strain.js";
import { teams } from "./teams.js";

export type { RulesetManifest, RulesetSpace } from "./ruleset-manifest.js";

/** The one list: a manifest per rule set id of src/core/rulesets.ts (the type refuses one missing). */
const BY_ID: { readonly [R in RulesetId]: RulesetManifest<R> } = { sections, escalation, teams, strain, factions };

/** Every rule set's manifest, in the order of RULESETS. */
export const MANIFESTS: readonly RulesetManifest[] = RULESETS.map((id) => BY_ID[id]);

/** The manifest of a rule set. */
export function manifestOf(ruleset: RulesetId): RulesetManifest {
  return BY_ID[ruleset];
}

/** Every combat type with its engine, by id: each manifest's (a GM may pick any for a combat). */
export const COMBAT_MODES: Readonly<Record<string, CombatMode>> = Object.fromEntries(
  MANIFESTS.map((m) => [m.combat.id, m.combat]),
);

/**
 * The combat type `id` with its engine; undefined for an id that is none of Fray's (own keys only: never `toString`).
 */
export function combatModeOf(id: string): CombatMode | undefined {
  return Object.hasOwn(COMBAT_MODES, id) ? COMBAT_MODES[id] : undefined;
}

/** The combat type a new combat takes in a world of each rule set. */
export const MODE_FOR_RULESET: Readonly<Record<RulesetId, string>> = Object.fromEntries(
  MANIFESTS.map((m) => [m.id, m.combat.id]),
) as Record<RulesetId, string>;

/** The world's initiative formula (CONFIG.Combat.initiative), as its turn order rolls it; null where none is. */
export function initiativeFormula(ruleset: RulesetId): string | null {
  return BY_ID[ruleset].combat.initiative;
}

/** Each rule set's attack card (cards/<ruleset>/), by rule set. */
export const ATTACK_CARDS: Readonly<Record<RulesetId, AttackRuleset>> = Object.fromEntries(
  MANIFESTS.map((m) => [m.id, m.attackCard]),
) as Record<RulesetId, AttackRuleset>;

/** The attack card of a rule set; undefined for a rule set Fray does not have. */
export function attackCardFor(ruleset: string): AttackRuleset | undefined {
  return Object.hasOwn(ATTACK_CARDS, ruleset) ? ATTACK_CARDS[ruleset as RulesetId] : undefined;
}
