import { applied, refuse } from "../../../shared/outcome.js";
import type { Roller } from "../../../shared/roller.js";
import type { TurnEvent } from "../../types.js";
import { draftFactions, editMember } from "../copies.js";
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
