import { applied, refuse, type Outcome } from "../../shared/outcome.js";
import { requireNonNegativeInteger, type AttackEvent } from "../pipeline.js";
import { isDefeated, type SectionsCombatant } from "./combatant.js";

/** Healing an entity: never the defeated, never a negative amount. */
export function healEntity(
  c: SectionsCombatant,
  amount: number,
  maxHp: number,
): Outcome<SectionsCombatant, AttackEvent> {
  const bad = requireNonNegativeInteger(amount, "healing");
  if (bad) return bad;
  if (isDefeated(c))
    return refuse("CannotHealDefeated", `${c.id} is defeated and cannot be healed`, undefined, { name: c.id });
  const hp = Math.min(maxHp, c.hp + amount);
  return applied({ ...c, hp }, [{ type: "healed", combatant: c.id, amount: hp - c.hp }]);
}
