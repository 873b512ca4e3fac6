import { applied, refuse } from "../../../shared/outcome.js";
import type { Roller } from "../../../shared/roller.js";
import type { TurnEvent } from "../../types.js";
import { draftShared, edit, FACTIONS_COPIES } from "../copies.js";
import { checkLastFaction } from "../ending.js";
import { member, unknownCombatant } from "../payload.js";
import { closeRound } from "../phases.js";
import type { FactionsCommandOf, FactionsOutcome, FactionsState } from "../types.js";

/**
 * FAC-54, FAC-55: the GM records a morale result for a character due one. A pass makes it immune to morale for
 * the rest of the fight; the round ends once every result is in.
 */
export function morale(state: FactionsState, c: FactionsCommandOf<"morale">, roller: Roller): FactionsOutcome {
  const id = c.combatant;
  const result = c.result;
  const m = member(state, id);
  if (!m) return unknownCombatant(id);
  if (state.phase !== "morale" || !state.moraleDue.includes(m.id))
    return refuse("NoMoraleDue", `${m.id} has no morale check due`, "FAC-54", { name: m.id });
  if (result !== "pass" && result !== "surrender" && result !== "retreat")
    return refuse("UnknownMoraleResult", "a morale result is pass, surrender or retreat", "FAC-55");
  const s = draftShared(state, FACTIONS_COPIES);
  const d = edit(s, m.id);
  if (result === "pass") d.moraleExempt = true;
  else if (result === "surrender") d.surrendered = true;
  else d.retreated = true;
  s.moraleDue = s.moraleDue.filter((x) => x !== m.id);
  const events: TurnEvent[] = [{ type: "moraleResult", round: s.round, combatant: m.id, result }];
  if (result === "retreat" && checkLastFaction(s, events)) return applied(s as FactionsState, events);
  if (s.moraleDue.length === 0) closeRound(s, events, roller);
  return applied(s as FactionsState, events);
}
