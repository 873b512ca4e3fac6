import { applied, refuse } from "../../../shared/outcome.js";
import type { Roller } from "../../../shared/roller.js";
import { requireNonNegativeInteger, type AttackEvent } from "../../pipeline.js";
import { combatantOf, unknownCombatant, withCombatant } from "../../shared/combatants.js";
import { copyCombatant, type TeamsCombatant } from "../combatant.js";
import { canFortify, suffer } from "../health.js";
import { fortifyEvents, riskDeathEvents, statusEvents, sufferedEvents } from "../harm-events.js";
import type { TeamsAttackOutcome, TeamsAttackState, TeamsCommand } from "../types.js";

/**
 * Damage "by any means" outside an attack (a trap, a fall): TEAM-64..73 apply as to a hit. The amount is
 * after reductions. Ruling: the TEAM-67 choice is made up front with `fortify` (default: fortify if able).
 */
export function outsideDamage(
  state: TeamsAttackState,
  cmd: Extract<TeamsCommand, { type: "damage" }>,
  roller: Roller,
): TeamsAttackOutcome {
  const bad = requireNonNegativeInteger(cmd.amount, "damage", "TEAM-64");
  if (bad) return bad;
  const t = combatantOf(state, cmd.target);
  if (!t) return unknownCombatant(cmd.target);
  if (t.condition === "dead") return refuse("TargetDead", `${t.name} is already dead`, "TEAM-70", { name: t.name });
  const hurt = copyCombatant(t);
  const s = suffer(hurt, cmd.amount, cmd.nonlethal === true, state.options);
  const events: AttackEvent[] = [];
  sufferedEvents(t, hurt, s, events);
  let after: TeamsCombatant = hurt;
  if (s.risksDeath) after = riskDeathEvents(after, roller, state.options, events);
  if (s.mustFortify) {
    const before = after;
    after =
      cmd.fortify !== false && canFortify(after)
        ? fortifyEvents(after, roller, events)
        : { ...after, condition: "unconscious" };
    statusEvents(before, after, events);
  }
  return applied(withCombatant(state, after), events);
}
