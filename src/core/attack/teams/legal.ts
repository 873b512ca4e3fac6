import { stepCommands } from "../pipeline.js";
import { combatantOf, declareCommands } from "../shared/combatants.js";
import { isBroken, type TeamsCombatant } from "./combatant.js";
import type { TeamsAttackState, TeamsCommand } from "./types.js";

const mayAttack = (a: TeamsCombatant): boolean => a.condition === "active";
const mayTarget = (t: TeamsCombatant, a: TeamsCombatant): boolean => t.team !== a.team && t.condition !== "dead";

/** TEAM-39: an active ally of the target, not the attacker, with a reaction and stamina left may intercept. */
function mayIntercept(ally: TeamsCombatant, target: TeamsCombatant, state: TeamsAttackState): boolean {
  return (
    ally.id !== target.id &&
    ally.id !== state.attacker &&
    ally.team === target.team &&
    ally.condition === "active" &&
    ally.reactions >= 1 &&
    ally.stamina >= 1
  );
}

/** The reactions the target (or its allies) can pay for now (TEAM-35..43); letting the hit through is always one. */
function reactions(state: TeamsAttackState): TeamsCommand[] {
  const t = combatantOf(state, state.target);
  const out: TeamsCommand[] = [{ type: "skipReaction" }];
  if (!t || t.condition !== "active" || (t.reactions < 1 && !state.defence.freeReaction)) return out;
  if (t.stamina >= 1 && !state.toHit?.critical) out.push({ type: "react", reaction: "dodge" });
  const effect = state.declaration?.effect;
  if (effect?.kind === "physical" && t.stamina >= 1) out.push({ type: "react", reaction: "fortify" });
  if (effect?.kind === "mental" && t.focus >= 1) out.push({ type: "react", reaction: "resist" });
  if (!state.defence.freeReaction)
    for (const ally of Object.values(state.combatants))
      if (mayIntercept(ally, t, state)) out.push({ type: "react", reaction: "intercept", by: ally.id });
  for (const i of t.items) {
    if (isBroken(i) || t.stamina < 1) continue;
    if (i.block !== null) out.push({ type: "react", reaction: "block", item: i.id });
    out.push({ type: "react", reaction: "parry", item: i.id });
  }
  return out;
}

/** The card's buttons at each step; at apply, the TEAM-67 choice when it is pending. */
export function legal(state: TeamsAttackState): TeamsCommand[] {
  switch (state.step) {
    case "reactionWindow":
      return reactions(state);
    case "apply":
      return state.pending === "consciousness"
        ? [{ type: "fortify" }, { type: "fallUnconscious" }]
        : [{ type: "apply" }];
    case "declare":
    case "done":
      return declareCommands(state, mayAttack, mayTarget);
    default:
      return stepCommands(state.step);
  }
}
