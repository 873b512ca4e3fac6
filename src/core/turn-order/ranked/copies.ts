import type { CombatantId } from "../types.js";
import type { RankedCombatant, RankedState } from "./types.js";

export type Writable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Copies made by one literal each, in start's field order, then edited: every state and combatant has the same
 * shape (spreads with overrides gave many shapes, and slow copies: bench/diary.md).
 */
export function make(
  s: RankedState,
  acting: CombatantId | null,
  combatants: readonly RankedCombatant[],
): Writable<RankedState> {
  return {
    engine: s.engine,
    options: s.options,
    round: s.round,
    rankOrder: s.rankOrder,
    order: s.order,
    acting,
    combatants,
    ended: s.ended,
    outcome: s.outcome,
  };
}

export function copyOf(c: RankedCombatant): Writable<RankedCombatant> {
  return {
    id: c.id,
    name: c.name,
    side: c.side,
    agility: c.agility,
    able: c.able,
    out: c.out,
    acted: c.acted,
    delayed: c.delayed,
    left: c.left,
    owed: c.owed,
    freeHitsLeft: c.freeHitsLeft,
    disengaged: c.disengaged,
    prone: c.prone,
    boosts: c.boosts,
  };
}
