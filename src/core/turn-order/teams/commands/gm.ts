import { isList } from "../../../shared/guards.js";
import { applied, refuse, type Outcome } from "../../../shared/outcome.js";
import type { TurnEvent } from "../../types.js";
import { draftTeams, editMember } from "../copies.js";
import { shown } from "../../../shared/shown.js";
import { member, unknown } from "../member.js";
import { advance, checkLastTeam, finish, settle } from "../order.js";
import type { TeamsCommand, TeamsState } from "../types.js";

// What the GM (or the Foundry layer for the GM) changes in a fight: who can act, who is in it, objectives, its end.

type Out = Outcome<TeamsState, TurnEvent>;

/** TEAM-12: a member becomes unable (losing the rest of its turn) or able again. */
export function setAble(state: TeamsState, c: Extract<TeamsCommand, { type: "setAble" }>): Out {
  const id = c.combatant;
  const able = c.able;
  const m = member(state, id);
  if (!m) return unknown(id);
  if (typeof able !== "boolean") return refuse("UnknownCommand", "setAble needs able: true or false");
  if (m.out) return refuse("OutOfFight", `${id} is out of the fight`, "TEAM-01", { name: id });
  if (m.able === able)
    return refuse("NoChange", `${id} is already ${able ? "able" : "unable"} to act`, "TEAM-12", { name: id });
  const s = draftTeams(state);
  const d = editMember(s, id);
  d.able = able;
  const events: TurnEvent[] = [{ type: "ableChanged", combatant: id, able }];
  if (!able && s.acting === id) {
    // TEAM-12: a character who cannot act loses the rest of its turn.
    d.acted = true;
    d.turn = null;
    s.acting = null;
    s.lastSide = d.team;
    events.push(
      { type: "turnLost", round: s.round, combatant: id, reason: "unable" },
      { type: "turnEnded", round: s.round, combatant: id },
    );
    advance(s, d.team, events);
  } else {
    settle(s, events);
  }
  return applied(s as TeamsState, events);
}

/** A member leaves the fight; the last team left wins it (TEAM-01). */
export function remove(state: TeamsState, c: Extract<TeamsCommand, { type: "remove" }>): Out {
  const id = c.combatant;
  const m = member(state, id);
  if (!m) return unknown(id);
  if (m.out) return refuse("OutOfFight", `${id} is already out of the fight`, "TEAM-01", { name: id });
  const s = draftTeams(state);
  const d = editMember(s, id);
  d.out = true;
  d.turn = null;
  d.extended = null;
  const events: TurnEvent[] = [{ type: "removed", combatant: id }];
  const wasActing = s.acting === id;
  if (wasActing) {
    s.acting = null;
    s.lastSide = d.team;
    events.push(
      { type: "turnLost", round: s.round, combatant: id, reason: "removed" },
      { type: "turnEnded", round: s.round, combatant: id },
    );
  }
  checkLastTeam(s, events);
  if (s.phase !== "ended") {
    if (wasActing) advance(s, d.team, events);
    else settle(s, events);
  }
  return applied(s as TeamsState, events);
}

/** TEAM-02 ruling: the GM may change a team's objective whenever no turn is under way. */
export function setObjective(state: TeamsState, c: Extract<TeamsCommand, { type: "setObjective" }>): Out {
  const side = c.side;
  const objective = c.objective;
  if (!state.initiative.includes(side)) {
    const text = shown(side);
    return refuse("UnknownSide", `there is no team ${text}`, "TEAM-02", { side: text });
  }
  if (typeof objective !== "string") return refuse("UnknownCommand", "an objective is a piece of text", "TEAM-02");
  if (state.acting !== null)
    return refuse("TurnInProgress", "objectives change between turns, not during one", "TEAM-02", {
      name: state.acting,
    });
  if (state.objectives[side] === objective)
    return refuse("NoChange", `team ${side} already has that objective`, "TEAM-02", { name: side, side });
  const s = draftTeams(state);
  s.objectives = { ...state.objectives, [side]: objective };
  return applied(s as TeamsState, [{ type: "objectiveChanged", round: s.round, side, objective }]);
}

/** TEAM-01: the GM declares the fight over, with its outcome and victors. */
export function declareEnd(state: TeamsState, c: Extract<TeamsCommand, { type: "declareEnd" }>): Out {
  const outcome = c.outcome;
  const victors = c.victors;
  if (typeof outcome !== "string" || outcome === "")
    return refuse("UnknownCommand", "declareEnd needs an outcome", "TEAM-01");
  if (!isList(victors) || victors.some((v) => !state.initiative.includes(v))) {
    return refuse("UnknownSide", "a victor is not a team in this fight", "TEAM-01");
  }
  const s = draftTeams(state);
  const events: TurnEvent[] = [];
  finish(s, outcome, victors, events);
  return applied(s as TeamsState, events);
}

/** The GM ends the fight with no victors. */
export function endCombat(state: TeamsState): Out {
  const s = draftTeams(state);
  const events: TurnEvent[] = [];
  finish(s, "endCombat", [], events);
  return applied(s as TeamsState, events);
}
