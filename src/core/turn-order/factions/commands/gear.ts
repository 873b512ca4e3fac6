import { applied, refuse } from "../../../shared/outcome.js";
import { draftFactions, editMember } from "../copies.js";
import { member, unknownCombatant } from "../payload.js";
import type { FactionsCommandOf, FactionsOutcome, FactionsState } from "../types.js";

/** FAC-61: a character's weapon or armour was used, so it rolls for durability when the fight ends. */
export function useGear(state: FactionsState, c: FactionsCommandOf<"useGear">): FactionsOutcome {
  const m = member(state, c.combatant);
  if (!m) return unknownCombatant(c.combatant);
  if (m.gearUsed) return refuse("NoChange", `${m.id}'s gear is already marked as used`, "FAC-61", { name: m.id });
  const s = draftFactions(state);
  editMember(s, m.id).gearUsed = true;
  return applied(s as FactionsState, [{ type: "gearUsed", combatant: m.id }]);
}
