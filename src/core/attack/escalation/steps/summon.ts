import { applied, refuse } from "../../../shared/outcome.js";
import { combatantOf, unknownCombatant, withCombatant } from "../../shared/combatants.js";
import type { EscalationCombatant } from "../combatant.js";
import { checkSummoningSlot } from "../summoning.js";
import type { EscalationAttackOutcome, EscalationAttackState, EscalationCommand } from "../types.js";
import { validCombatant } from "../valid-combatant.js";

/** ESC-52..55: a summoner brings a unit into the fight if it has a summoning slot free. */
export function summon(
  state: EscalationAttackState,
  cmd: Extract<EscalationCommand, { type: "summon" }>,
): EscalationAttackOutcome {
  const s = combatantOf(state, cmd.summoner);
  if (!s) return unknownCombatant(cmd.summoner);
  const bad = validCombatant(cmd.unit);
  if (bad) return bad;
  if (combatantOf(state, cmd.unit.id))
    return refuse("DuplicateCombatant", `combatant ${cmd.unit.id} is already in the fight`, undefined, {
      id: cmd.unit.id,
    });
  let controlled = 0;
  for (const c of Object.values(state.combatants))
    if (c.summoner === s.id && c.condition !== "dead" && c.condition !== "defeated") controlled++;
  const noSlot = checkSummoningSlot(s, controlled);
  if (noSlot) return noSlot;
  const unit: EscalationCombatant = {
    ...cmd.unit,
    summoner: s.id,
    thralled: cmd.thralled === true,
    summonedRound: state.round,
  };
  return applied(withCombatant(state, unit), [{ type: "summoned", summoner: s.id, unit: unit.id }]);
}
