import type { StrainTurn } from "../../economy/strain.js";
import type { CombatantId } from "../types.js";
import type { RolledCombatant, RolledState } from "./types.js";

/**
 * The state with the fields a turn changes replaced: one literal with every field in the state's own order,
 * so every state has the same shape (spreads with overrides gave many shapes, and slow copies: bench/diary.md).
 */
export function make(
  s: RolledState,
  acting: CombatantId | null,
  turn: StrainTurn | null,
  combatants: readonly RolledCombatant[],
  turnAt = s.turnAt,
  round = s.round,
  delaysThisRound = s.delaysThisRound,
): RolledState {
  return {
    engine: s.engine,
    options: s.options,
    startingAreas: s.startingAreas,
    round,
    acting,
    turn,
    turnAt,
    delaysThisRound,
    combatants,
    ended: s.ended,
    outcome: s.outcome,
  };
}

/** The combatant with its flags set: one literal in the field order start gives, for the same reason as make. */
export function marked(
  c: RolledCombatant,
  delayed: boolean,
  able: boolean,
  out: boolean,
  stunned = c.stunned,
): RolledCombatant {
  return {
    id: c.id,
    listed: c.listed,
    name: c.name,
    side: c.side,
    initiativeModifier: c.initiativeModifier,
    initiative: c.initiative,
    speed: c.speed,
    able,
    out,
    delayed,
    stressLoad: c.stressLoad,
    stressTolerance: c.stressTolerance,
    fatigueLoad: c.fatigueLoad,
    fatigueTolerance: c.fatigueTolerance,
    stunned,
    square: c.square,
    stance: c.stance,
  };
}
