import { applied, refuse, type Outcome } from "../../shared/outcome.js";
import type { AttackEvent } from "../pipeline.js";
import { combatantOf, unknownCombatant, withCombatant, type CombatantsState } from "./combatants.js";
import { shown } from "../../shared/shown.js";

/** The GM sets or clears one of a rule set's statuses (`statuses`) on a combatant, outside any attack. */
export function setStatus<S extends CombatantsState<{ readonly id: string }>>(
  state: S,
  command: { readonly combatant: string; readonly status: string; readonly value: unknown },
  statuses: readonly string[],
): Outcome<S, AttackEvent> {
  const c = combatantOf(state, command.combatant);
  if (!c) return unknownCombatant(command.combatant);
  if (!statuses.includes(command.status)) return refuse("UnknownStatus", `no status ${shown(command.status)}`);
  const value = command.value === true;
  return applied(withCombatant(state, { ...c, [command.status]: value } as S["combatants"][string]), [
    { type: "statusChanged", combatant: c.id, status: command.status, value },
  ]);
}
