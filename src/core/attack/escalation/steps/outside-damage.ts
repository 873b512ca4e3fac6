import { applied, refuse } from "../../../shared/outcome.js";
import { requireNonNegativeInteger, type AttackEvent } from "../../pipeline.js";
import { combatantOf, unknownCombatant, withCombatant } from "../../shared/combatants.js";
import { takeHit, type EscalationDamage } from "../attack.js";
import type { WritableCombatant } from "../combatant.js";
import type { EscalationAttackOutcome, EscalationAttackState, EscalationCommand } from "../types.js";

/** Damage from outside an attack (a trap, a spell's area): the amount is already net of reductions (ESC-20). */
export function outsideDamage(
  state: EscalationAttackState,
  cmd: Extract<EscalationCommand, { type: "damage" }>,
): EscalationAttackOutcome {
  const bad = requireNonNegativeInteger(cmd.amount, "damage", "ESC-20");
  if (bad) return bad;
  const t = combatantOf(state, cmd.target);
  if (!t) return unknownCombatant(cmd.target);
  if (t.condition === "dead") return refuse("TargetDead", `${t.name} is already dead`, undefined, { name: t.name });
  const dmg: EscalationDamage = {
    weaponSides: 0,
    weaponDice: 0,
    sneakDice: 0,
    flat: cmd.amount,
    multiplier: 1,
    raw: cmd.amount,
    armor: 0,
    net: cmd.amount,
    wound: cmd.amount >= 6,
    fatalDie: 0,
    fatalBonus: 0,
    total: cmd.amount,
  };
  const hurt: WritableCombatant = { ...t };
  takeHit(hurt, dmg, null, state.round);
  const events: AttackEvent[] = [
    { type: "damageApplied", combatant: t.id, amount: t.hp - hurt.hp, before: { hp: t.hp }, after: { hp: hurt.hp } },
  ];
  if (dmg.wound) events.push({ type: "woundInflicted", combatant: t.id, target: "unaimed", fatalBonus: 0 });
  return applied(withCombatant(state, hurt), events);
}
