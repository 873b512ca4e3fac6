import { valueAt } from "../../core/shared/guards.js";
import type { EffectOutcome } from "../../core/space/move-effects.js";
import type { ApplyPlan } from "../cards/attack-ruleset.js";
import { DEFEATED_STATUS } from "../cards/sections/apply-plan.js";

/**
 * Where each actor type keeps what a move's dice change: the health a fall takes (SEC-13) and the Slowed and Dazed
 * counts a failed descent adds (STR-27, STR-28). One table: a type missing here has nothing a fall or descent writes.
 */
export const MOVE_EFFECT_FIELDS: Readonly<Record<string, { health?: string; slowed?: string; dazed?: string }>> = {
  "sections-entity": { health: "health.value" },
  "strain-character": { slowed: "statuses.slowed", dazed: "statuses.dazed" },
};

const EMPTY: ApplyPlan = { actors: [], statuses: [], dropped: [] };

const count = (system: unknown, path: string): number => {
  const v = valueAt(system, path);
  return typeof v === "number" && Number.isFinite(v) ? v : 0;
};

/**
 * What applying a rolled effect writes on the mover's actor, from the core's outcome: health less the fall's damage
 * (not below 0; at 0 the entity is defeated and out of the fight, as an attack's damage: SEC-68 ruling), or the
 * Statuses a failed descent gives added to those it has.
 */
export function moveCardPlan(
  outcome: EffectOutcome,
  actor: { readonly type: string; readonly system: unknown },
  actorId: string,
): ApplyPlan {
  const paths = MOVE_EFFECT_FIELDS[actor.type];
  if (!paths) return EMPTY;
  if (outcome.kind === "fall") {
    if (!paths.health || outcome.damage <= 0) return EMPTY;
    const health = Math.max(0, count(actor.system, paths.health) - outcome.damage);
    const defeated = health === 0;
    return {
      actors: [{ actorId, changes: { [paths.health]: health } }],
      statuses: defeated ? [{ actorId, status: DEFEATED_STATUS, active: true }] : [],
      dropped: defeated ? [{ actorId, how: "out" }] : [],
    };
  }
  const changes: Record<string, number> = {};
  if (paths.slowed && outcome.slowed > 0) changes[paths.slowed] = count(actor.system, paths.slowed) + outcome.slowed;
  if (paths.dazed && outcome.dazed > 0) changes[paths.dazed] = count(actor.system, paths.dazed) + outcome.dazed;
  return Object.keys(changes).length === 0 ? EMPTY : { actors: [{ actorId, changes }], statuses: [], dropped: [] };
}
