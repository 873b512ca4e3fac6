import { applied, refuse } from "../../../shared/outcome.js";
import type { Roller } from "../../../shared/roller.js";
import type { CombatantId, TurnEvent } from "../../types.js";
import { copyFactionsTurn, FRESH_FACTIONS_TURN } from "../../../economy/factions.js";
import { draftFactions, editMember } from "../copies.js";
import { canTakeTurn, inFight, inRound } from "../in-play.js";
import { member, unknownCombatant } from "../payload.js";
import { closeTurn } from "../phases.js";
import type { FactionsCommandOf, FactionsOutcome, FactionsState } from "../types.js";

/** A character of the faction up starts its turn (FAC-01, FAC-02; FAC-51 in the ambush, FAC-66 in the fast phase). */
export function takeTurn(state: FactionsState, id: CombatantId): FactionsOutcome {
  const m = member(state, id);
  if (!m) return unknownCombatant(id);
  if (!inRound(state)) return refuse("MoralePhase", "turns wait until the morale phase is over", "FAC-54");
  if (state.choosingFirst)
    return refuse("ChooseFirstFaction", `${state.holder} must first choose which faction acts first`, "FAC-04", {
      side: state.holder,
    });
  if (state.acting !== null)
    return refuse("TurnInProgress", `${state.acting} is still taking a turn`, "FAC-01", { name: state.acting });
  if (!inFight(m)) return refuse("OutOfFight", `${id} is out of the fight`, undefined, { name: id });
  if (m.surrendered) return refuse("Surrendered", `${id} has surrendered`, "FAC-57", { name: id });
  if (m.acted) return refuse("AlreadyActed", `${id} has already used its turn this round`, "FAC-02", { name: id });
  if (!m.able) return refuse("CannotAct", `${id} cannot act`, undefined, { name: id });
  if (state.phase === "ambush" && !m.concealed)
    return refuse("NotConcealed", `only concealed characters act in the ambush turn`, "FAC-51", { name: id });
  if (state.phase === "fast" && !canTakeTurn(state, m)) {
    return refuse("TooSlow", `${id} has WIT ${m.wit}, below the fast action threshold ${state.fat ?? "?"}`, "FAC-66", {
      name: id,
      threshold: state.fat ?? 0,
    });
  }
  if (m.faction !== state.up)
    return refuse("NotYourTurn", `it is not faction ${m.faction}'s turn`, "FAC-01", { name: id, side: m.faction });
  const s = draftFactions(state);
  const d = editMember(s, id);
  d.turn = copyFactionsTurn(FRESH_FACTIONS_TURN);
  s.acting = id;
  s.up = null;
  const seconds = s.options.declarationSeconds;
  if (seconds !== null && s.players.includes(d.faction)) s.declaration = { combatant: id, seconds };
  return applied(s as FactionsState, [{ type: "turnStarted", round: s.round, combatant: id }]);
}

export function act(state: FactionsState, c: FactionsCommandOf<"act">): FactionsOutcome {
  return takeTurn(state, c.combatant);
}

export function endTurn(state: FactionsState, c: FactionsCommandOf<"endTurn">, roller: Roller): FactionsOutcome {
  const id = c.combatant;
  if (!member(state, id)) return unknownCombatant(id);
  if (state.acting !== id) return refuse("NotYourTurn", `${id} is not taking a turn`, "FAC-01", { name: id });
  const s = draftFactions(state);
  const events: TurnEvent[] = [];
  closeTurn(s, editMember(s, id), events, roller);
  return applied(s as FactionsState, events);
}

/** FAC-71: a Player who does not declare the turn's intent in time does nothing that turn. */
export function declarationLapsed(
  state: FactionsState,
  c: FactionsCommandOf<"declarationLapsed">,
  roller: Roller,
): FactionsOutcome {
  const id = c.combatant;
  if (!member(state, id)) return unknownCombatant(id);
  if (state.options.declarationSeconds === null)
    return refuse("NoDeclarationTimer", "the chaos of combat timer is not in use", "FAC-71");
  if (state.acting !== id) return refuse("NotYourTurn", `${id} is not taking a turn`, "FAC-71", { name: id });
  if (state.declaration?.combatant !== id)
    return refuse("AlreadyDeclared", `${id} has declared its intent`, "FAC-71", { name: id });
  const s = draftFactions(state);
  const events: TurnEvent[] = [];
  closeTurn(s, editMember(s, id), events, roller, "declaration");
  return applied(s as FactionsState, events);
}
