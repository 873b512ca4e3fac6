import { applied, refuse } from "../../../shared/outcome.js";
import type { Roller } from "../../../shared/roller.js";
import type { TurnEvent } from "../../types.js";
import { draftFactions, editMember } from "../copies.js";
import { checkLastFaction } from "../ending.js";
import { member, unknownCombatant } from "../payload.js";
import { closeRound } from "../phases.js";
import type { FactionsCommandOf, FactionsOutcome, FactionsState, MoraleResult } from "../types.js";

/**
 * FAC-54, FAC-55: the GM records a morale result for a character due one, rolled at the table or with `rollMorale`
 * (after a failed save, only surrender or retreat). A pass makes it immune to morale for the rest of the fight.
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
  if (result === "pass" && state.moraleFailed.some((f) => f.combatant === m.id))
    return refuse("MoraleFailed", `${m.id} failed its morale save and must surrender or retreat`, "FAC-55", {
      name: m.id,
    });
  return recordMorale(state, m.id, result, [], roller);
}

/**
 * FAC-55: the GM rolls a character's morale check, a WIT save (d20 roll-under, docs/rulings.md FAC-25). A pass is
 * recorded at once; a failure is kept, with its die, until the GM records whether the character surrenders or retreats.
 */
export function rollMorale(state: FactionsState, c: FactionsCommandOf<"rollMorale">, roller: Roller): FactionsOutcome {
  const m = member(state, c.combatant);
  if (!m) return unknownCombatant(c.combatant);
  if (state.phase !== "morale" || !state.moraleDue.includes(m.id))
    return refuse("NoMoraleDue", `${m.id} has no morale check due`, "FAC-54", { name: m.id });
  if (state.moraleFailed.some((f) => f.combatant === m.id))
    return refuse("MoraleRolled", `${m.id} has rolled its morale save already`, "FAC-55", { name: m.id });
  const roll = roller.die(20);
  const passed = roll <= m.wit;
  const rolled: TurnEvent = { type: "moraleRolled", round: state.round, combatant: m.id, roll, wit: m.wit, passed };
  if (passed) return recordMorale(state, m.id, "pass", [rolled], roller);
  const s = draftFactions(state);
  s.moraleFailed = [...s.moraleFailed, { combatant: m.id, roll }];
  return applied(s as FactionsState, [rolled]);
}

/**
 * A character's morale result is in: a pass exempts it for the rest of the fight; the round ends with the last result.
 */
function recordMorale(
  state: FactionsState,
  id: string,
  result: MoraleResult,
  before: TurnEvent[],
  roller: Roller,
): FactionsOutcome {
  const s = draftFactions(state);
  const d = editMember(s, id);
  if (result === "pass") d.moraleExempt = true;
  else if (result === "surrender") d.surrendered = true;
  else d.retreated = true;
  s.moraleDue = s.moraleDue.filter((x) => x !== id);
  if (s.moraleFailed.length > 0) s.moraleFailed = s.moraleFailed.filter((f) => f.combatant !== id);
  const events: TurnEvent[] = [...before, { type: "moraleResult", round: s.round, combatant: id, result }];
  if (result === "retreat" && checkLastFaction(s, events)) return applied(s as FactionsState, events);
  if (s.moraleDue.length === 0) closeRound(s, events, roller);
  return applied(s as FactionsState, events);
}
