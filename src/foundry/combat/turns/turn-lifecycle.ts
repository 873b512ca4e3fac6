/**
 * Where a combat stands, as Foundry records it in Combat#current and Combat#previous (client/documents/combat.mjs,
 * `_getCurrentState`).
 */
export interface TurnState {
  /** Null only before a combat's first preparation (Foundry types it so); read as 0, not started. */
  readonly round: number | null;
  readonly turn: number | null;
  readonly combatantId: string | null;
}

/**
 * One of Foundry's turn events, with the context Foundry passes (`CombatTurnEventContext`, `CombatRoundEventContext`).
 */
type LifecycleStep = TurnStep | RoundStep;
interface TurnStep {
  readonly kind: "endTurn" | "startTurn";
  readonly combatantId: string;
  readonly round: number;
  readonly turn: number | null;
}
interface RoundStep {
  readonly kind: "endRound" | "startRound";
  readonly round: number;
}

export const isRoundStep = (step: LifecycleStep): step is RoundStep =>
  step.kind === "endRound" || step.kind === "startRound";

/**
 * Foundry's turn and round events for one change of a Fray fight, in Foundry's order: the turn that ends, the round
 * that ends, the round that starts, the turn that starts.
 *
 * Foundry's own walk (`#triggerTurnEvents`) counts turn indices up from the previous turn and calls each index it
 * passes a skipped turn: it assumes one fixed order taken one by one. A Fray turn order is not that. The next
 * combatant may stand anywhere in `turns`, and between turns nobody may be acting (turn null). So the combatant who
 * was acting ends its turn, a new round ends the old one and starts itself, and the combatant now acting starts.
 * Going back (the GM's undo, direction -1) fires none, as Foundry fires none for its own previousTurn.
 */
export function lifecycleSteps(previous: TurnState, current: TurnState, direction: number): LifecycleStep[] {
  const [was, now] = [previous.round ?? 0, current.round ?? 0];
  if (direction < 0 || now < was) return [];
  const newRound = now > was;
  const handedOver = newRound || current.combatantId !== previous.combatantId;
  const out: LifecycleStep[] = [];
  if (handedOver && previous.combatantId !== null)
    out.push({ kind: "endTurn", combatantId: previous.combatantId, round: was, turn: previous.turn });
  if (newRound) {
    if (was > 0) out.push({ kind: "endRound", round: was });
    out.push({ kind: "startRound", round: now });
  }
  if (handedOver && current.combatantId !== null)
    out.push({ kind: "startTurn", combatantId: current.combatantId, round: now, turn: current.turn });
  return out;
}
