import { applied, refuse } from "../../../shared/outcome.js";
import { requireNonNegativeInteger } from "../../pipeline.js";
import { combatantOf, unknownCombatant, withCombatant } from "../../shared/combatants.js";
import type { TeamsCombatant } from "../combatant.js";
import type { TeamsAttackOutcome, TeamsAttackState, TeamsCommand } from "../types.js";

/** Healing health or endurance, never past the maximum, never the dead (TEAM-70). */
export function heal(state: TeamsAttackState, cmd: Extract<TeamsCommand, { type: "heal" }>): TeamsAttackOutcome {
  const bad = requireNonNegativeInteger(cmd.amount, "healing");
  if (bad) return bad;
  const t = combatantOf(state, cmd.target);
  if (!t) return unknownCombatant(cmd.target);
  if (t.condition === "dead")
    return refuse("CannotHealDead", `${t.name} is dead and cannot be healed`, "TEAM-70", { name: t.name });
  const healed: TeamsCombatant =
    cmd.pool === "endurance"
      ? { ...t, endurance: Math.min(t.maxEndurance, t.endurance + cmd.amount) }
      : { ...t, health: Math.min(t.maxHealth, t.health + cmd.amount) };
  return applied(withCombatant(state, healed), [
    {
      type: "healed",
      combatant: t.id,
      amount: healed.health - t.health + healed.endurance - t.endurance,
      pool: cmd.pool ?? "health",
    },
  ]);
}
