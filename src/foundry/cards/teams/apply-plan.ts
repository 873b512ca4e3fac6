import type { AttackEvent } from "../../../core/attack/pipeline.js";
import { timesCheatedDeath } from "../../../core/attack/teams/combatant.js";
import type { TeamsAttackState } from "../../../core/attack/teams/types.js";
import type { ApplyPlan } from "../attack-ruleset.js";

/**
 * The interface's plan writes actors only; a teams blow also wears down the item that parried or blocked
 * (TEAM-40/43/44), which lives on an Item's system. The teams plan adds those changes (paths under the item's
 * `system.`), which the integrator writes as embedded item updates.
 */
export interface TeamsApplyPlan extends ApplyPlan {
  readonly items: readonly {
    readonly actorId: string;
    readonly itemId: string;
    readonly changes: Readonly<Record<string, unknown>>;
  }[];
}

type Ev = Readonly<Record<string, unknown>>;

class Plan {
  readonly actors = new Map<string, Record<string, unknown>>();
  readonly items = new Map<string, { actorId: string; itemId: string; changes: Record<string, unknown> }>();
  readonly fell = new Set<string>();
  readonly killed = new Set<string>();

  constructor(private readonly state: TeamsAttackState) {}

  set(actorId: string, path: string, value: unknown): void {
    const changes = this.actors.get(actorId) ?? {};
    changes[path] = value;
    this.actors.set(actorId, changes);
  }

  /** Stamina and focus as the card leaves them, for whoever paid for a reaction (TEAM-35..43, TEAM-67). */
  reacted(actorId: string): void {
    const c = this.state.combatants[actorId];
    if (!c) return;
    this.set(actorId, "stamina.value", c.stamina);
    this.set(actorId, "focus.value", c.focus);
  }

  /** TEAM-40/43/44: the item's durability as the card leaves it. */
  worn(actorId: string, itemId: unknown): void {
    const item = this.state.combatants[actorId]?.items.find((i) => i.id === itemId);
    if (item)
      this.items.set(`${actorId}/${item.id}`, {
        actorId,
        itemId: item.id,
        changes: { "durability.value": item.durability },
      });
  }

  read(e: Ev): void {
    const who = typeof e.combatant === "string" ? e.combatant : "";
    switch (e.type) {
      case "damageApplied": {
        const after = (e.after ?? {}) as Readonly<Record<string, unknown>>;
        this.set(who, "endurance.value", after.endurance);
        this.set(who, "health.value", after.health);
        return;
      }
      case "reactionTaken":
        if (typeof e.reactor === "string") this.reacted(e.reactor);
        if (e.reaction === "parry" && typeof e.reactor === "string") this.worn(e.reactor, e.item);
        return;
      case "itemDamaged":
        return this.worn(who, e.item);
      case "deathRisked":
        if (e.outcome === "cheatedDeath")
          this.set(who, "timesCheatedDeath", timesCheatedDeath(this.state.combatants[who]?.cheatDeathDifficulty ?? 0));
        return;
      case "unconscious":
        this.fell.add(who);
        return this.set(who, "conditions.unconscious", true);
      case "combatantKilled":
        this.killed.add(who);
        return;
    }
  }

  result(): TeamsApplyPlan {
    // Unconscious is a field the token's icon follows (statuses/); dead is Foundry's own status.
    const statuses = [...this.killed].map((actorId) => ({ actorId, status: "dead", active: true }));
    const dropped = [...new Set([...this.fell, ...this.killed])].map((actorId) => ({
      actorId,
      how: this.killed.has(actorId) ? ("out" as const) : ("unable" as const),
    }));
    return {
      actors: [...this.actors].map(([actorId, changes]) => ({ actorId, changes })),
      statuses,
      dropped,
      items: [...this.items.values()],
    };
  }
}

/**
 * What applying writes: pools, cheated deaths and consciousness on the actors, worn items, statuses, who dropped out.
 */
export function teamsApplyPlan(state: TeamsAttackState, events: readonly AttackEvent[]): TeamsApplyPlan {
  const plan = new Plan(state);
  for (const e of events) plan.read(e);
  return plan.result();
}
