import { TEAMS_REACTIONS } from "../../../economy/teams.js";
import { applied, refuse, type Outcome } from "../../../shared/outcome.js";
import type { TurnEvent } from "../../types.js";
import { draftTeams, editMember } from "../copies.js";
import { shown } from "../../../shared/shown.js";
import { member, unknown } from "../member.js";
import type { TeamsCommand, TeamsState } from "../types.js";

/** TEAM-35: one reaction a round, out of turn (free ones do not count, TEAM-28); a readied action is one (TEAM-23). */
export function react(state: TeamsState, c: Extract<TeamsCommand, { type: "react" }>): Outcome<TeamsState, TurnEvent> {
  const m = member(state, c.combatant);
  if (!m) return unknown(c.combatant);
  if (m.out) return refuse("OutOfFight", `${m.id} is out of the fight`, "TEAM-01", { name: m.id });
  if (!m.able) return refuse("CannotAct", `${m.id} cannot react`, "TEAM-12", { name: m.id });
  // TEAM-14: in the surprise round only the surprising team (and those who cannot be surprised) act at all
  if (state.phase === "surprise" && !state.surprising.includes(m.team) && !m.cannotBeSurprised) {
    return refuse("Surprised", `${m.id} is surprised and cannot react this round`, "TEAM-14", { name: m.id });
  }
  const readied = c.reaction === "Ready an Action";
  const cost =
    typeof c.reaction === "string" && Object.hasOwn(TEAMS_REACTIONS, c.reaction)
      ? TEAMS_REACTIONS[c.reaction]
      : undefined;
  if (!cost && !readied) {
    const text = shown(c.reaction);
    return refuse("UnknownReaction", `there is no reaction ${text}`, "TEAM-35", { action: text });
  }
  if (readied && !m.untilNextTurn.includes("Ready an Action"))
    return refuse("NothingReadied", `${m.id} has no readied action`, "TEAM-23", { name: m.id });
  const free = c.free === true;
  if (!free && m.reactions <= 0)
    return refuse("NoReactionsLeft", `${m.id} has used its reaction`, "TEAM-35", { name: m.id });
  const stamina = cost?.stamina ?? 0;
  const focus = cost?.focus ?? 0;
  if (m.stamina < stamina)
    return refuse("NotEnoughStamina", `${m.id} needs ${stamina} stamina`, undefined, { name: m.id, needed: stamina });
  if (m.focus < focus)
    return refuse("NotEnoughFocus", `${m.id} needs ${focus} focus`, undefined, { name: m.id, needed: focus });
  const s = draftTeams(state);
  const d = editMember(s, m.id);
  if (!free) d.reactions -= 1; // TEAM-28: free reactions do not count
  d.stamina -= stamina;
  d.focus -= focus;
  if (readied) d.untilNextTurn = d.untilNextTurn.filter((e) => e !== "Ready an Action");
  return applied(s as TeamsState, [{ type: "reacted", combatant: m.id, reaction: c.reaction, free }]);
}
