import { applied } from "../../../shared/outcome.js";
import type { Roller } from "../../../shared/roller.js";
import { advance, compare, type AttackEvent } from "../../pipeline.js";
import { combatantOf, requireDeclared } from "../../shared/combatants.js";
import { rollTeamsToHit } from "../attack.js";
import type { TeamsCombatant } from "../combatant.js";
import type { TeamsAttackOutcome, TeamsAttackState, TeamsCommand } from "../types.js";

/** The attack test and the luck die against evasion (TEAM-46..60); a hit opens the reaction window. */
export function roll(state: TeamsAttackState, _command: TeamsCommand, roller: Roller): TeamsAttackOutcome {
  const bad = requireDeclared(state, "rollToHit", "the attack has no declaration");
  if (bad) return bad;
  const d = state.declaration!;
  const attacker = state.combatants[state.attacker]!;
  const target = state.combatants[state.target]!;
  // the attack count was already raised at declare; the penalty counts only earlier attacks
  const before: TeamsCombatant = { ...attacker, attacksThisRound: attacker.attacksThisRound - 1 };
  const toHit = rollTeamsToHit(before, target, d, roller, state.options, (id) => combatantOf(state, id));
  const outcome = !toHit.hit ? "miss" : toHit.critical ? "critical" : "hit";
  const events: AttackEvent[] = [
    {
      type: "toHitRolled",
      roll: toHit.testRoll,
      comparison: compare(toHit.test, toHit.evasion),
      outcome,
      luck: toHit.luckRoll,
      criticalThreshold: d.weapon.criticalThreshold,
      penalty: toHit.penalty,
      edge: toHit.edge,
    },
  ];
  if (toHit.misfire) events.push({ type: "misfire", from: target.id, to: toHit.target, clause: "TEAM-52" });
  let next: TeamsAttackState = { ...state, target: toHit.target, toHit, outcome };
  if (toHit.hit) next = advance(next, "reactionWindow", events);
  else {
    next = advance(next, "done", events);
    events.push({ type: "attackEnded", outcome });
  }
  return applied(next, events);
}
