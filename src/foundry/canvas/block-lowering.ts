import { isRecord } from "../../core/shared/guards.js";
import { currentJournal, readFight } from "../combat/journal.js";
import type { CombatMode } from "../combat/modes.js";
import type { TurnRequest } from "../combat/turn-command.js";

/** SEC-44: the condition an actor update sets that lowers its Block, if any (Immobilized first). */
export function loweringCondition(changes: unknown): "immobilized" | "defenseless" | null {
  const system = isRecord(changes) ? changes.system : undefined;
  const conditions = isRecord(system) ? system.conditions : undefined;
  if (!isRecord(conditions)) return null;
  if (conditions.immobilized === true) return "immobilized";
  if (conditions.defenseless === true) return "defenseless";
  return null;
}

/** A combat as the GM reads it for Blocks to lower: its stored fight and its combatants. */
export interface LoweringCombat<C> {
  readonly id: string | null;
  readonly started: boolean;
  readonly system: unknown;
  readonly combatants: { readonly contents: readonly C[] };
}

/**
 * SEC-44: the turn requests that lower the Blocks held by the combatants `isTheActor` picks, in every started fight,
 * each at the fight's revision, as the active GM sends them when the actor becomes Immobilized or Defenseless.
 */
export function blockLowerings<C extends { readonly id: string | null }>(
  combats: Iterable<LoweringCombat<C>>,
  mode: (id: string) => CombatMode | undefined,
  isTheActor: (combatant: C) => boolean,
  reason: "immobilized" | "defenseless",
): TurnRequest[] {
  const out: TurnRequest[] = [];
  for (const combat of combats) {
    if (!combat.started || !combat.id) continue;
    const stored = readFight(combat.system);
    const m = stored.kind === "sound" ? mode(stored.journal.engine) : undefined;
    if (stored.kind !== "sound" || !m) continue;
    const journal = currentJournal(m, stored.journal);
    const blockers = new Set((m.engine.view(journal.state).blocks ?? []).map((b) => b.blocker));
    for (const c of combat.combatants.contents)
      if (c.id && blockers.has(c.id) && isTheActor(c))
        out.push({ combatId: combat.id, command: { type: "lowerBlock", combatant: c.id, reason }, revision: journal.revision });
  }
  return out;
}
