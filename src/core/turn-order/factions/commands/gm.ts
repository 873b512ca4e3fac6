import { isList } from "../../../shared/guards.js";
import { applied, refuse } from "../../../shared/outcome.js";
import type { Roller } from "../../../shared/roller.js";
import type { TurnEvent } from "../../types.js";
import { draftFactions, editMember } from "../copies.js";
import { checkLastFaction, finish } from "../ending.js";
import { inFight } from "../in-play.js";
import { member, unknownCombatant } from "../payload.js";
import { afterTurn, closeRound, closeTurn, settle } from "../phases.js";
import type { FactionsCommandOf, FactionsOutcome, FactionsState } from "../types.js";

// The GM's rulings on the fight: who can act, who leaves it, and when it is over.

export function setAble(state: FactionsState, c: FactionsCommandOf<"setAble">, roller: Roller): FactionsOutcome {
  const able = c.able;
  const m = member(state, c.combatant);
  if (!m) return unknownCombatant(c.combatant);
  const id = m.id;
  if (typeof able !== "boolean") return refuse("UnknownCommand", "setAble needs able: true or false");
  if (!inFight(m)) return refuse("OutOfFight", `${id} is out of the fight`, undefined, { name: id });
  if (m.able === able)
    return refuse("NoChange", `${id} is already ${able ? "able" : "unable"} to act`, undefined, { name: id });
  const s = draftFactions(state);
  const d = editMember(s, id);
  d.able = able;
  const events: TurnEvent[] = [{ type: "ableChanged", combatant: id, able }];
  if (!able && s.acting === id) closeTurn(s, d, events, roller, "unable");
  else settle(s, events, roller);
  return applied(s as FactionsState, events);
}

/** A character leaves the fight; its turn, if it was taking one, is lost. */
export function remove(state: FactionsState, c: FactionsCommandOf<"remove">, roller: Roller): FactionsOutcome {
  const m = member(state, c.combatant);
  if (!m) return unknownCombatant(c.combatant);
  const id = m.id;
  if (m.out) return refuse("OutOfFight", `${id} is already out of the fight`, undefined, { name: id });
  const s = draftFactions(state);
  const d = editMember(s, id);
  d.out = true;
  d.turn = null;
  const events: TurnEvent[] = [{ type: "removed", combatant: id }];
  const wasActing = s.acting === id;
  if (wasActing) {
    s.acting = null;
    s.declaration = null;
    events.push(
      { type: "turnLost", round: s.round, combatant: id, reason: "removed" },
      { type: "turnEnded", round: s.round, combatant: id },
    );
  }
  if (checkLastFaction(s, events)) return applied(s as FactionsState, events);
  if (s.phase === "morale") {
    s.moraleDue = s.moraleDue.filter((x) => x !== id);
    s.moraleFailed = s.moraleFailed.filter((f) => f.combatant !== id);
    if (s.moraleDue.length === 0) closeRound(s, events, roller);
  } else if (wasActing) afterTurn(s, d.faction, events, roller);
  else settle(s, events, roller);
  return applied(s as FactionsState, events);
}

/** The GM declares the fight over, with its outcome and victors. */
export function declareEnd(state: FactionsState, c: FactionsCommandOf<"declareEnd">): FactionsOutcome {
  if (typeof c.outcome !== "string" || c.outcome === "") return refuse("UnknownCommand", "declareEnd needs an outcome");
  if (!isList(c.victors) || c.victors.some((v) => !state.factions.includes(v)))
    return refuse("UnknownSide", "a victor is not a faction in this fight");
  const s = draftFactions(state);
  const events: TurnEvent[] = [];
  finish(s, c.outcome, c.victors, events);
  return applied(s as FactionsState, events);
}

export function endCombat(state: FactionsState): FactionsOutcome {
  const s = draftFactions(state);
  const events: TurnEvent[] = [];
  finish(s, "endCombat", [], events);
  return applied(s as FactionsState, events);
}
