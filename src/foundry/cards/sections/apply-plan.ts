import type { AttackEvent } from "../../../core/attack/pipeline.js";
import type { SectionsAttackState } from "../../../core/attack/sections/index.js";
import { isRecord } from "../../../core/shared/guards.js";
import type { ApplyPlan } from "../attack-ruleset.js";

/**
 * The pipeline's names for what damage changes, and the entity's fields (specs/sections/sections-entity.ts) they are.
 */
const AFTER_PATHS: Readonly<Record<string, string>> = {
  hp: "health.value",
  charges: "incantationCharges",
};

/** Foundry's status for a defeated combatant (CONFIG.specialStatusEffects.DEFEATED). */
export const DEFEATED_STATUS = "dead";

const EMPTY: ApplyPlan = { actors: [], statuses: [], dropped: [] };

/**
 * What applying writes: the damaged entity's health and charges as the pipeline left them (damageApplied.after),
 * `incanting` cleared when the damage broke it (SEC-67), and a defeat (0 health) as Foundry's defeated status and
 * out of the fight (SEC-68 ruling: sections.txt has no dying rules). A miss writes nothing.
 */
export function applyPlan(state: SectionsAttackState, events: readonly AttackEvent[]): ApplyPlan {
  const applied = events.findLast((e) => e.type === "damageApplied") as Readonly<Record<string, unknown>> | undefined;
  if (!applied || typeof applied.combatant !== "string" || !isRecord(applied.after)) return EMPTY;
  const actorId = applied.combatant;
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(applied.after)) {
    const path = AFTER_PATHS[key];
    if (path !== undefined) changes[path] = value;
  }
  const about = (type: string): boolean =>
    events.some((e) => e.type === type && (e as { combatant?: unknown }).combatant === actorId);
  if (about("incantingBroken") && state.targetData.id === actorId)
    changes.incanting = state.targetData.incantation.incanting;
  const defeated = about("defeated");
  return {
    actors: [{ actorId, changes }],
    statuses: defeated ? [{ actorId, status: DEFEATED_STATUS, active: true }] : [],
    dropped: defeated ? [{ actorId, how: "out" }] : [],
  };
}
