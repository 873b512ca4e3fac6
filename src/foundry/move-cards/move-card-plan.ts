import { valueAt } from "../../core/shared/guards.js";
import type { EffectOutcome } from "../../core/space/move-effects.js";
import type { ApplyPlan } from "../cards/attack-ruleset.js";
import { MOVER_FIELDS } from "../canvas/check/mover-fields.js";
import { DEFEATED_STATUS } from "../cards/sections/apply-plan.js";
import { ACTOR_MODELS } from "../data/models.js";

/** The rule set whose actor type this is (data/specs/), for its fields in MOVER_FIELDS. */
const rulesetOfType = (type: string) => ACTOR_MODELS.find((m) => m.type === type)?.ruleset;

const EMPTY: ApplyPlan = { actors: [], statuses: [], dropped: [] };

const count = (system: unknown, path: string): number => {
  const v = valueAt(system, path);
  return typeof v === "number" && Number.isFinite(v) ? v : 0;
};

/**
 * What applying a rolled effect writes on the mover's actor (the fields MOVER_FIELDS gives its rule set), from the
 * core's outcome: health less the fall's damage (not below 0; at 0 the entity is defeated and out of the fight, as an
 * attack's damage: SEC-68 ruling), or the Statuses a failed descent gives added to those it has.
 */
export function moveCardPlan(
  outcome: EffectOutcome,
  actor: { readonly type: string; readonly system: unknown },
  actorId: string,
): ApplyPlan {
  const ruleset = rulesetOfType(actor.type);
  if (!ruleset) return EMPTY;
  const paths = MOVER_FIELDS[ruleset];
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
