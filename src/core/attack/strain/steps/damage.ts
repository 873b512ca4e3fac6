import { finish } from "../../../dice/dice-roll.js";
import { applied } from "../../../shared/outcome.js";
import { advance, requireStep, type AttackEvent } from "../../pipeline.js";
import type { StrainAttackOutcome, StrainAttackState } from "../types.js";

export function rollDamage(state: StrainAttackState): StrainAttackOutcome {
  const bad = requireStep(state, "damage");
  if (bad) return bad;
  const n = state.setup.instances;
  // STR-55: no dice; each instance is +1 Load.
  const roll = finish(`${n} ${state.setup.deals}`, [], n);
  const events: AttackEvent[] = [{ type: "damageRolled", roll, amount: n, parts: { [state.setup.deals]: n } }];
  return applied(advance(state, "apply", events), events);
}
