import { applied, refuse } from "../../../shared/outcome.js";
import { requireNonNegativeInteger, type AttackEvent } from "../../pipeline.js";
import { combatantOf, unknownCombatant, withCombatant } from "../../shared/combatants.js";
import type { EscalationCombatant } from "../combatant.js";
import type { EscalationAttackOutcome, EscalationAttackState, EscalationCommand } from "../types.js";

/** Healing: never the dead; a defeated unit healed above 0 hp stands again. */
export function heal(
  state: EscalationAttackState,
  command: Extract<EscalationCommand, { type: "heal" }>,
): EscalationAttackOutcome {
  const { target: targetId, amount } = command;
  const bad = requireNonNegativeInteger(amount, "healing");
  if (bad) return bad;
  const t = combatantOf(state, targetId);
  if (!t) return unknownCombatant(targetId);
  if (t.condition === "dead")
    return refuse("CannotHealDead", `${t.name} is dead and cannot be healed`, undefined, { name: t.name });
  const hp = Math.min(t.maxHp, t.hp + amount);
  // ESC-26: one healing of 6+ removes a wound (ruling: the latest, woundsPerHeal of them)
  const remove = amount >= 6 ? Math.min(state.options.woundsPerHeal, t.wounds.length) : 0;
  const wounds = remove > 0 ? t.wounds.slice(0, t.wounds.length - remove) : t.wounds;
  const healed: EscalationCombatant = {
    ...t,
    hp,
    wounds,
    condition: t.condition === "defeated" && hp > 0 ? "active" : t.condition,
  };
  const events: AttackEvent[] = [{ type: "healed", combatant: t.id, amount: hp - t.hp, woundsRemoved: remove }];
  return applied(withCombatant(state, healed), events);
}

/** ESC-26: the GM removes the latest wound. */
export function removeWound(
  state: EscalationAttackState,
  command: Extract<EscalationCommand, { type: "removeWound" }>,
): EscalationAttackOutcome {
  const t = combatantOf(state, command.target);
  if (!t) return unknownCombatant(command.target);
  if (t.wounds.length === 0) return refuse("NoWound", `${t.name} has no wound`, "ESC-26", { name: t.name });
  return applied(withCombatant(state, { ...t, wounds: t.wounds.slice(0, -1) }), [
    { type: "woundRemoved", combatant: t.id },
  ]);
}
