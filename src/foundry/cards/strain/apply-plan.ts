import type { AttackEvent } from "../../../core/attack/pipeline.js";
import type { StrainCharacter } from "../../../core/attack/strain/character.js";
import type { StrainAttackState } from "../../../core/attack/strain/types.js";
import type { ApplyPlan } from "../attack-ruleset.js";
import { ACTOR_PATHS, statusPath, type ActorPathOf } from "./character.js";

type Ev = AttackEvent & Readonly<Record<string, unknown>>;

/** Which of a character's numbers each event of the attack changes (the values come from the state after apply). */
const CHANGES: Readonly<Record<string, readonly ActorPathOf[]>> = {
  overexerted: ["stressLoad"],
  loadAdded: ["fatigueLoad", "stressLoad"],
  damageApplied: ["fatigueLoad", "stressLoad"],
  incapacitated: ["incapacitated", "stance", "fatigueTolerance", "fatigueLoad"],
  incapacitationEnded: ["incapacitated"],
};

function changesOf(c: StrainCharacter, events: readonly Ev[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const e of events) {
    if (e.combatant !== c.id) continue;
    for (const field of CHANGES[e.type] ?? []) {
      const v = c[field];
      out[ACTOR_PATHS[field]] = v === null ? "" : v;
    }
    if (e.type === "statusGained" && typeof e.status === "string")
      out[statusPath(e.status)] = c.statuses[e.status] ?? 0;
  }
  return out;
}

/**
 * What applying writes: the Loads, Tolerances, stacks, Stance and Incapacitated flag the attack changed, for the
 * target and for the attacker (its Overexert Stress, STR-44, and its own Incapacity Roll, STR-59), valued as the
 * pipeline left them, and who dropped out. Nothing before the attack is over. The token's status icons follow the
 * fields written (statuses/), so the plan sets none.
 */
export function applyPlan(state: StrainAttackState, events: readonly AttackEvent[]): ApplyPlan {
  if (state.step !== "done") return { actors: [], statuses: [], dropped: [] };
  const evs = events as readonly Ev[];
  const actors: { actorId: string; changes: Record<string, unknown> }[] = [];
  const dropped: { actorId: string; how: "unable" | "out" }[] = [];
  for (const c of [state.targetData, state.attackerData]) {
    const changes = changesOf(c, evs);
    if (Object.keys(changes).length > 0) actors.push({ actorId: c.id, changes });
    const touched = evs.some(
      (e) => e.combatant === c.id && (e.type === "incapacitated" || e.type === "incapacitationEnded"),
    );
    if (c.removed) dropped.push({ actorId: c.id, how: "out" });
    else if (touched && c.incapacitated) dropped.push({ actorId: c.id, how: "unable" });
  }
  return { actors, statuses: [], dropped };
}
