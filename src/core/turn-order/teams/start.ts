import { TEAMS_REACTIONS_PER_ROUND } from "../../economy/teams.js";
import { isList, isRecord } from "../../shared/guards.js";
import { applied, refuse, type Outcome, type Refusal } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import { cloneData, isCount } from "../shared/copy-data.js";
import type { SideId, TurnEvent } from "../types.js";
import type { MemberDraft, StateDraft } from "./copies.js";
import { readOptions } from "./options.js";
import { endRound, putFirstTeamUp } from "./order.js";
import type { TeamsSetup, TeamsState } from "./types.js";

type Out = Outcome<TeamsState, TurnEvent>;

/** TEAM-03/14: the fight's first state, the first team up (a surprise round first when a team has surprise). */
export function start(setup: TeamsSetup, _roller?: Roller): Out {
  if (!isRecord(setup) || !isList(setup.initiative) || !isList(setup.combatants)) {
    return refuse("MalformedSetup", "the teams setup needs an initiative list and a combatant list");
  }
  const teams = setup.initiative;
  if (teams.length < 2 || teams.some((t) => typeof t !== "string") || new Set(teams).size !== teams.length) {
    return refuse("MalformedSetup", "the initiative must list at least two distinct teams", "TEAM-03");
  }
  const members: Record<string, MemberDraft> = {};
  const roster: string[] = [];
  const badMember = readMembers(setup.combatants, teams, members, roster);
  if (badMember) return badMember;
  const surprising = setup.surprise ?? [];
  if (!isList(surprising) || surprising.some((t) => !teams.includes(t))) {
    return refuse("UnknownSide", "a surprising team is not in the initiative", "TEAM-14");
  }
  const options = readOptions(setup.options);
  if (!options) return refuse("MalformedSetup", "an option has a value it cannot take");
  const objectives: Record<SideId, string> = {};
  const badObjective = readObjectives(setup.objectives, teams, objectives);
  if (badObjective) return badObjective;
  // Built fresh above, all but the options: those are copied whole, as they may hold the caller's values.
  const s: StateDraft = {
    kind: "teams",
    round: 1,
    phase: surprising.length > 0 ? "surprise" : "main",
    initiative: [...teams],
    surprising: [...surprising],
    roster,
    members,
    up: null,
    acting: null,
    lastSide: null,
    result: null,
    objectives,
    options: cloneData(options),
  };
  const events: TurnEvent[] = [{ type: "combatStarted" }, { type: "roundStarted", round: 1 }];
  if (s.phase === "surprise") events.push({ type: "phaseStarted", round: 1, phase: "surprise" });
  putFirstTeamUp(s, events);
  // A surprise round nobody can use passes straight to normal rounds.
  if (s.up === null && roster.length > 0 && s.phase === "surprise") endRound(s, events);
  return applied(s as TeamsState, events);
}

/** The setup's combatants into `members` and `roster`, or the refusal of the first that cannot join. */
function readMembers(
  combatants: readonly unknown[],
  teams: readonly SideId[],
  members: Record<string, MemberDraft>,
  roster: string[],
): Refusal | undefined {
  for (const c of combatants) {
    if (!isRecord(c) || typeof c.id !== "string" || c.id === "" || c.id in members || typeof c.team !== "string") {
      return refuse("MalformedSetup", "every combatant needs a unique id");
    }
    const team = c.team;
    if (!teams.includes(team))
      return refuse("UnknownSide", `combatant ${c.id} is on a team not in the initiative`, "TEAM-03", { side: team });
    const stamina = c.stamina ?? 0;
    const focus = c.focus ?? 0;
    if (!isCount(stamina) || !isCount(focus))
      return refuse("MalformedSetup", `stamina and focus of ${c.id} must be whole numbers of 0 or more`);
    members[c.id] = {
      id: c.id,
      team,
      able: c.able !== false,
      out: false,
      acted: false,
      cannotBeSurprised: c.cannotBeSurprised === true,
      stamina,
      focus,
      reactions: TEAMS_REACTIONS_PER_ROUND,
      attacks: 0,
      turn: null,
      extended: null,
      untilNextTurn: [],
      granted: 0,
    };
    roster.push(c.id);
  }
  return undefined;
}

/** TEAM-01: each team's objective in words into `objectives`, "" for a team given none; or the refusal of a bad one. */
function readObjectives(
  given: unknown,
  teams: readonly SideId[],
  objectives: Record<SideId, string>,
): Refusal | undefined {
  for (const t of teams) objectives[t] = "";
  if (given === undefined) return undefined;
  if (!isRecord(given)) return refuse("MalformedSetup", "objectives map each team to words", "TEAM-01");
  for (const [side, objective] of Object.entries(given)) {
    if (!teams.includes(side))
      return refuse("UnknownSide", `objective for a team not in the fight: ${side}`, "TEAM-01", { side });
    if (typeof objective !== "string") return refuse("MalformedSetup", "an objective is a piece of text", "TEAM-01");
    objectives[side] = objective;
  }
  return undefined;
}
