import { applied, refuse } from "../../../shared/outcome.js";
import type { TurnEvent } from "../../types.js";
import { draftFactions, editMember } from "../copies.js";
import { isAmount, member, unknownCombatant } from "../payload.js";
import type { FactionsCommandOf, FactionsOutcome, FactionsState } from "../types.js";

/** The GM sets a character's health (FAC-53 reads it for morale); a hit wears its armour and ends a surrender. */
export function setHealth(state: FactionsState, c: FactionsCommandOf<"setHealth">): FactionsOutcome {
  const m = member(state, c.combatant);
  if (!m) return unknownCombatant(c.combatant);
  if (!isAmount(c.health) || c.health > m.maxHealth)
    return refuse("BadHealth", `health must be a number from 0 to ${m.maxHealth}`, "FAC-53", { name: m.id });
  if (c.health === m.health)
    return refuse("NoChange", `${m.id} already has ${m.health} health`, undefined, { name: m.id });
  // Read before the change: the draft of an owned state (shared/copy-data.ts owning) is the state itself.
  const lower = c.health < m.health;
  const s = draftFactions(state);
  const d = editMember(s, m.id);
  d.health = c.health;
  const events: TurnEvent[] = [{ type: "healthChanged", combatant: m.id, health: c.health }];
  if (lower) {
    d.gearUsed = true; // FAC-61 ruling: being hit wears the armour
    if (d.surrendered && c.byEnemy !== false) {
      d.surrendered = false; // FAC-58
      events.push({ type: "resumedFighting", combatant: m.id });
    }
  }
  return applied(s as FactionsState, events);
}
