import type { EscalationAttackState } from "../../../core/attack/escalation/types.js";
import type { AttackEvent } from "../../../core/attack/pipeline.js";
import { own } from "../../../core/shared/guards.js";
import type { ApplyPlan } from "../attack-ruleset.js";
import { UNIT_PATHS } from "./read-unit.js";

type Ev = Readonly<Record<string, unknown>>;

/**
 * What applying writes, from the apply step's events: each hurt unit's HP (`hp.value`, the pipeline's
 * damageApplied.after), its wound count (`wounds`, the sheet keeps a count) when it took a wound; a defeated unit
 * (0 HP, ESC-33) is unconscious, a killed one (ESC-36) dead. Both are out of the battle (ruling ESC-63: defeated units
 * are removed), so the battle ends by itself when one side is left.
 */
export function applyPlan(state: EscalationAttackState, events: readonly AttackEvent[]): ApplyPlan {
  const changes = new Map<string, Record<string, unknown>>();
  const statuses: { actorId: string; status: string; active: boolean }[] = [];
  const dropped: { actorId: string; how: "unable" | "out" }[] = [];
  const changesOf = (id: string): Record<string, unknown> => {
    const c = changes.get(id) ?? {};
    changes.set(id, c);
    return c;
  };
  for (const raw of events) {
    const e = raw as Ev;
    if (typeof e.combatant !== "string") continue;
    const id = e.combatant;
    if (e.type === "damageApplied") {
      const hp = (e.after as Readonly<Record<string, unknown>>).hp;
      if (typeof hp === "number") changesOf(id)[UNIT_PATHS.hp] = hp;
    } else if (e.type === "woundInflicted") {
      const unit = own(state.combatants, id);
      if (unit) changesOf(id)[UNIT_PATHS.wounds] = unit.wounds.length;
    } else if (e.type === "combatantDefeated") {
      statuses.push({ actorId: id, status: "unconscious", active: true });
      dropped.push({ actorId: id, how: "out" });
    } else if (e.type === "combatantKilled") {
      statuses.push({ actorId: id, status: "dead", active: true });
      dropped.push({ actorId: id, how: "out" });
    }
  }
  return { actors: [...changes].map(([actorId, c]) => ({ actorId, changes: c })), statuses, dropped };
}
