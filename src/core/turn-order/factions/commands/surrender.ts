import { applied, refuse } from "../../../shared/outcome.js";
import type { Roller } from "../../../shared/roller.js";
import type { TurnEvent } from "../../types.js";
import { draftFactions, editMember } from "../copies.js";
import { inFight } from "../in-play.js";
import { member, unknownCombatant } from "../payload.js";
import { closeTurn } from "../phases.js";
import type { FactionsCommandOf, FactionsOutcome, FactionsState } from "../types.js";
import { takeTurn } from "./turns.js";

/** FAC-57: a character surrenders, and that is its turn spent. */
export function surrender(state: FactionsState, c: FactionsCommandOf<"surrender">, roller: Roller): FactionsOutcome {
  const id = c.combatant;
  const m = member(state, id);
  if (!m) return unknownCombatant(id);
  if (m.surrendered) return refuse("Surrendered", `${m.id} has already surrendered`, "FAC-57", { name: m.id });
  if (state.acting === m.id) {
    const s = draftFactions(state);
    const d = editMember(s, m.id);
    d.surrendered = true;
    const events: TurnEvent[] = [{ type: "surrendered", round: s.round, combatant: m.id }];
    closeTurn(s, d, events, roller);
    return applied(s as FactionsState, events);
  }
  // Out of turn, surrendering takes this faction's turn
  const asTurn = takeTurn(state, m.id);
  if (!asTurn.ok) return asTurn;
  const t = draftFactions(asTurn.state);
  const td = editMember(t, m.id);
  td.surrendered = true;
  const events: TurnEvent[] = [...asTurn.events, { type: "surrendered", round: t.round, combatant: m.id }];
  closeTurn(t, td, events, roller);
  return applied(t as FactionsState, events);
}

/**
 * FAC-58: a surrendering character fights again. The rule's trigger is harm by the enemy (setHealth does it then);
 * this is the GM's word for any other, as when the sheet's Surrendering mark is cleared. Its turn, if this round's was
 * spent surrendering, stays spent.
 */
export function resume(state: FactionsState, c: FactionsCommandOf<"resume">): FactionsOutcome {
  const m = member(state, c.combatant);
  if (!m) return unknownCombatant(c.combatant);
  if (!inFight(m)) return refuse("OutOfFight", `${m.id} is out of the fight`, undefined, { name: m.id });
  if (!m.surrendered) return refuse("NotSurrendered", `${m.id} has not surrendered`, "FAC-58", { name: m.id });
  const s = draftFactions(state);
  editMember(s, m.id).surrendered = false;
  return applied(s as FactionsState, [{ type: "resumedFighting", combatant: m.id }]);
}
