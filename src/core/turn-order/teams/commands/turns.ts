import { FRESH_TEAMS_TURN, TEAMS_REACTIONS_PER_ROUND } from "../../../economy/teams.js";
import { applied, refuse, type Outcome } from "../../../shared/outcome.js";
import type { TurnEvent } from "../../types.js";
import { copyTurn, draftTeams, editMember } from "../copies.js";
import { member, unknown } from "../member.js";
import { canTakeTurn, endTurnOf } from "../order.js";
import type { TeamsCommand, TeamsState } from "../types.js";

type Out = Outcome<TeamsState, TurnEvent>;

/** TEAM-07: a member of the team up is picked and starts its turn. */
export function act(state: TeamsState, c: Extract<TeamsCommand, { type: "act" }>): Out {
  const id = c.combatant;
  const m = member(state, id);
  if (!m) return unknown(id);
  if (state.acting !== null)
    return refuse("TurnInProgress", `${state.acting} is still taking a turn`, "TEAM-07", { name: state.acting });
  if (m.out) return refuse("OutOfFight", `${id} is out of the fight`, "TEAM-01", { name: id });
  if (m.acted) return refuse("AlreadyActed", `${id} has already had a turn this round`, "TEAM-06", { name: id });
  if (!m.able) return refuse("CannotAct", `${id} cannot act`, "TEAM-12", { name: id });
  if (state.phase === "surprise" && !canTakeTurn(state, m))
    return refuse("Surprised", `${id} is surprised and cannot act this round`, "TEAM-14", { name: id });
  if (m.team !== state.up)
    return refuse("NotYourTurn", `it is not team ${m.team}'s turn to pick`, "TEAM-07", { name: id, side: m.team });
  const s = draftTeams(state);
  const d = editMember(s, id);
  d.turn = copyTurn(FRESH_TEAMS_TURN);
  d.reactions = TEAMS_REACTIONS_PER_ROUND; // TEAM-35 ruling: recovered at the start of its own turn
  d.untilNextTurn = [];
  if (s.options.attackCountResets === "turn") d.attacks = 0;
  s.acting = id;
  s.up = null;
  return applied(s as TeamsState, [{ type: "turnStarted", round: s.round, combatant: id }]);
}

export function endTurn(state: TeamsState, c: Extract<TeamsCommand, { type: "endTurn" }>): Out {
  const id = c.combatant;
  const m = member(state, id);
  if (!m) return unknown(id);
  if (state.acting !== id) return refuse("NotYourTurn", `${id} is not taking a turn`, "TEAM-07", { name: id });
  const s = draftTeams(state);
  const events: TurnEvent[] = [];
  endTurnOf(s, editMember(s, id), events);
  return applied(s as TeamsState, events);
}
