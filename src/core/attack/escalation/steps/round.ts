import { applied } from "../../../shared/outcome.js";
import { combatantOf, unknownCombatant, withCombatant } from "../../shared/combatants.js";
import { bonusActionsPerTurn, type EscalationActions, type EscalationCombatant } from "../combatant.js";
import type { EscalationAttackOutcome, EscalationAttackState, EscalationCommand } from "../types.js";
import { NOTHING_OWED } from "./actions.js";

/** ESC-05 a fresh turn; ESC-23 Weakening wounds take Bonus Actions away; ESC-48 minus what standing up borrowed. */
export function startTurn(
  state: EscalationAttackState,
  cmd: Extract<EscalationCommand, { type: "startTurn" }>,
): EscalationAttackOutcome {
  const c = combatantOf(state, cmd.combatant);
  if (!c) return unknownCombatant(cmd.combatant);
  const owe = state.borrowed[c.id] ?? NOTHING_OWED;
  const actions = {
    aa: Math.max(0, 1 - owe.aa),
    ma: Math.max(0, 1 - owe.ma),
    ba: Math.max(0, bonusActionsPerTurn(c) - owe.ba),
  };
  const borrowed: Record<string, EscalationActions> = { ...state.borrowed };
  delete borrowed[c.id];
  return applied({ ...withCombatant(state, { ...c, actions }), borrowed }, [
    { type: "turnActionsRefreshed", combatant: c.id, actions },
  ]);
}

/** ESC-42 ruling: Free Hit Slots refresh at the start of each round; ESC-43 disengaging lasts the round. */
export function newRound(state: EscalationAttackState): EscalationAttackOutcome {
  const combatants: Record<string, EscalationCombatant> = {};
  for (const [id, c] of Object.entries(state.combatants))
    combatants[id] = c.freeHitsUsed === 0 && !c.disengaged ? c : { ...c, freeHitsUsed: 0, disengaged: false };
  return applied({ ...state, round: state.round + 1, combatants }, [
    { type: "attackRoundStarted", round: state.round + 1 },
  ]);
}
