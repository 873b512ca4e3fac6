import { finish, formatModifier, type DieResult } from "../../../dice/dice-roll.js";
import { applied } from "../../../shared/outcome.js";
import type { Roller } from "../../../shared/roller.js";
import { advance, compare, type AttackEvent } from "../../pipeline.js";
import { requireDeclared } from "../../shared/combatants.js";
import { endAttack } from "../../shared/end-attack.js";
import { rollToHit } from "../attack.js";
import type { EscalationAttackOutcome, EscalationAttackState, EscalationCommand } from "../types.js";

/**
 * The d20 to hit (ESC-16..35): a hit goes to damage, a natural 1 may owe the target a free hit, a 20 chain may end the
 * fight.
 */
export function roll(
  state: EscalationAttackState,
  _command: EscalationCommand,
  roller: Roller,
): EscalationAttackOutcome {
  const bad = requireDeclared(state, "rollToHit", "the attack has no declaration");
  if (bad) return bad;
  const d = state.declaration!;
  const attacker = state.combatants[state.attacker]!;
  const target = state.combatants[state.target]!;
  const dice: DieResult[] = [];
  const toHit = rollToHit(attacker, target, d, state.round, state.options, roller, dice);
  const events: AttackEvent[] = [
    {
      type: "toHitRolled",
      roll: finish(`1d20${formatModifier(toHit.modifier)}`, dice, toHit.modifier),
      comparison: compare(toHit.total, toHit.needed),
      outcome: toHit.outcome,
      natural: toHit.natural,
      chainSteps: toHit.steps,
      defence: toHit.reason,
    },
  ];
  let next: EscalationAttackState = { ...state, toHit, outcome: toHit.outcome };
  if (toHit.outcome === "fatalTragedy" || toHit.outcome === "decisiveVictory") next = advance(next, "apply", events);
  else if (toHit.hit) next = advance(next, "damage", events);
  else if (toHit.owed !== "none") {
    events.push({
      type: "freeHitOffered",
      by: target.id,
      against: attacker.id,
      critical: toHit.owed === "freeCritical",
    });
    next = advance({ ...next, owed: toHit.owed }, "reactionWindow", events);
  } else return endAttack(next, toHit.outcome, events);
  return applied(next, events);
}
