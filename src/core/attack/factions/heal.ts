import { applied, refuse, type Outcome } from "../../shared/outcome.js";
import { requireNonNegativeInteger, type AttackEvent } from "../pipeline.js";
import type { FactionsCharacter } from "./character.js";

/** Healing: never the dead, never a negative amount; health above 0 ends incapacitation (ruling). */
export function heal(c: FactionsCharacter, amount: number, maxHealth: number): Outcome<FactionsCharacter, AttackEvent> {
  const bad = requireNonNegativeInteger(amount, "healing");
  if (bad) return bad;
  if (c.dead) return refuse("CannotHealDead", `${c.id} is dead and cannot be healed`, undefined, { name: c.id });
  const health = Math.min(maxHealth, c.health + amount);
  return applied({ ...c, health, incapacitated: c.incapacitated && health === 0 }, [
    { type: "healed", combatant: c.id, amount: health - c.health },
  ]);
}
