import type { FactionsAttackState } from "../../../core/attack/factions/types.js";
import type { AttackEvent } from "../../../core/attack/pipeline.js";
import { isRecord } from "../../../core/shared/guards.js";
import type { ApplyPlan } from "../attack-ruleset.js";
import { factionsItemPlan, readGear, type CardGear } from "./item-plan.js";

type Ev = Readonly<Record<string, unknown>>;
type Plan = {
  actors: Map<string, Record<string, unknown>>;
  statuses: ApplyPlan["statuses"][number][];
  dropped: Map<string, "unable" | "out">;
};

function set(plan: Plan, actorId: unknown, path: string, value: unknown): void {
  if (typeof actorId !== "string") return;
  const changes = plan.actors.get(actorId) ?? {};
  changes[path] = value;
  plan.actors.set(actorId, changes);
}

function status(plan: Plan, actorId: unknown, id: string): void {
  if (typeof actorId === "string" && !plan.statuses.some((s) => s.actorId === actorId && s.status === id))
    plan.statuses.push({ actorId, status: id, active: true });
}

/**
 * What each event writes, by the factions-character spec's field paths: health (its `after`), the conditions the
 * sheet keeps (incapacitated, surrendering FAC-58, entangled FAC-44, concealed FAC-52), whose token icons follow the
 * fields (statuses/), and Foundry's dead status, which no field holds.
 */
const WRITES: Readonly<Record<string, (plan: Plan, e: Ev) => void>> = {
  damageApplied: (p, e) => set(p, e.combatant, "health.value", (e.after as { health: number }).health),
  incapacitated: (p, e) => {
    set(p, e.combatant, "conditions.incapacitated", true);
    if (typeof e.combatant === "string" && p.dropped.get(e.combatant) !== "out") p.dropped.set(e.combatant, "unable");
  },
  // FAC-28: the final blow kills; the sheet has no dead flag, the token's status says it.
  killed: (p, e) => {
    status(p, e.combatant, "dead");
    if (typeof e.combatant === "string") p.dropped.set(e.combatant, "out");
  },
  resumesFighting: (p, e) => set(p, e.combatant, "conditions.surrendering", false),
  grabbed: (p, e) => {
    set(p, e.held, "conditions.entangled", true);
  },
  revealed: (p, e) => set(p, e.combatant, "conditions.concealed", false),
};

/** The gear the card opened with, as the core carried it in the state's circumstances (open.ts). */
function gearIn(state: FactionsAttackState): CardGear {
  const card = (state.circumstances as { readonly card?: unknown }).card;
  return readGear(isRecord(card) ? card.gear : undefined);
}

/**
 * What applying writes, read from the whole attack's events (the last value of a path wins); the gear the events
 * break is deleted (FAC-62/63) and a disarmed weapon marked dropped (FAC-43, the weapon spec's `dropped`).
 */
export function factionsApplyPlan(state: FactionsAttackState, events: readonly AttackEvent[]): ApplyPlan {
  const plan: Plan = { actors: new Map(), statuses: [], dropped: new Map() };
  for (const e of events) {
    const write = Object.hasOwn(WRITES, e.type) ? WRITES[e.type] : undefined;
    write?.(plan, e);
  }
  const gear = factionsItemPlan(gearIn(state), events);
  return {
    actors: [...plan.actors].map(([actorId, changes]) => ({ actorId, changes })),
    statuses: plan.statuses,
    dropped: [...plan.dropped].map(([actorId, how]) => ({ actorId, how })),
    items: gear
      .filter((g) => g.change === "dropped")
      .map(({ actorId, itemId }) => ({ actorId, itemId, changes: { dropped: true } })),
    destroyed: gear.filter((g) => g.change === "destroyed").map(({ actorId, itemId }) => ({ actorId, itemId })),
  };
}
