import { brokenView } from "../shared/broken-view.js";
import { ATTACK_COUNT_RESETS, TEAMS_REACTIONS_PER_ROUND } from "../../economy/teams.js";
import { isRecord } from "../../shared/guards.js";
import { applied, refuse, type Outcome, type Refusal } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import { trustedStates } from "../../shared/trusted.js";
import { cloneData, isCount } from "../shared/copy-data.js";
import type { SideId, TurnEvent, TurnOrderEngine, TurnOrderView } from "../types.js";
import { react } from "./commands/react.js";
import { abandon, spend } from "./commands/spend.js";
import { act, endTurn } from "./commands/turns.js";
import { declareEnd, endCombat, remove, setAble, setObjective } from "./commands/gm.js";
import type { MemberDraft, StateDraft } from "./copies.js";
import { teamsLegal } from "./legal.js";
import { endRound, putFirstTeamUp } from "./order.js";
import { SURPRISE_ORDERS, type TeamsCommand, type TeamsOptions, type TeamsSetup, type TeamsState } from "./types.js";
import { teamsView } from "./view.js";
import { DEFAULT_TEAMS_OPTIONS } from "./options.js";

type Out = Outcome<TeamsState, TurnEvent>;

/** The teams states this engine made itself (shared/trusted.ts); deliberately not exported by index.ts. */
export const OWN_STATES = trustedStates();

export function validTeamsState(state: unknown): state is TeamsState {
  if (!isRecord(state) || state.kind !== "teams" || !isCount(state.round)) return false;
  if (!Array.isArray(state.roster) || !Array.isArray(state.initiative) || !isRecord(state.members)) return false;
  if (!Array.isArray(state.surprising) || !isRecord(state.options) || !isRecord(state.objectives)) return false;
  if (!["surprise", "main", "ended"].includes(state.phase as string)) return false;
  const members = state.members;
  for (const id of state.roster) {
    const m = typeof id === "string" ? members[id] : undefined;
    if (!isRecord(m) || m.id !== id || typeof m.team !== "string" || !state.initiative.includes(m.team)) return false;
    if (!isCount(m.stamina) || !isCount(m.focus) || !isCount(m.reactions) || !isCount(m.attacks)) return false;
    if (typeof m.able !== "boolean" || typeof m.out !== "boolean" || typeof m.acted !== "boolean") return false;
  }
  if (Object.keys(members).length !== state.roster.length) return false;
  if (state.acting !== null && !(typeof state.acting === "string" && Object.hasOwn(members, state.acting))) return false;
  if (state.up !== null && !(typeof state.up === "string" && state.initiative.includes(state.up))) return false;
  return true;
}

export function start(setup: TeamsSetup): Out {
  if (!isRecord(setup) || !Array.isArray(setup.initiative) || !Array.isArray(setup.combatants)) {
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
  if (!Array.isArray(surprising) || surprising.some((t) => !teams.includes(t))) {
    return refuse("UnknownSide", "a surprising team is not in the initiative", "TEAM-14");
  }
  const options: TeamsOptions = { ...DEFAULT_TEAMS_OPTIONS, ...(isRecord(setup.options) ? setup.options : {}) };
  if (
    !isCount(options.commandActions) ||
    !(ATTACK_COUNT_RESETS as readonly unknown[]).includes(options.attackCountResets) ||
    !(SURPRISE_ORDERS as readonly unknown[]).includes(options.surpriseOrder)
  ) {
    return refuse("MalformedSetup", "an option has a value it cannot take");
  }
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
function readObjectives(given: unknown, teams: readonly SideId[], objectives: Record<SideId, string>): Refusal | undefined {
  for (const t of teams) objectives[t] = "";
  if (given === undefined) return undefined;
  if (!isRecord(given)) return refuse("MalformedSetup", "objectives map each team to words", "TEAM-01");
  for (const [side, objective] of Object.entries(given)) {
    if (!teams.includes(side)) return refuse("UnknownSide", `objective for a team not in the fight: ${side}`, "TEAM-01", { side });
    if (typeof objective !== "string") return refuse("MalformedSetup", "an objective is a piece of text", "TEAM-01");
    objectives[side] = objective;
  }
  return undefined;
}

function apply(state: TeamsState, command: TeamsCommand, roller: Roller): Out {
  if (!OWN_STATES.sound(state, validTeamsState)) return refuse("MalformedState", "the teams state is not one this engine made");
  return OWN_STATES.keep(applyTrusted(state, command, roller));
}

/** apply() for a state already checked: legal() checks once, then tries every candidate. */
export function applyTrusted(state: TeamsState, command: TeamsCommand, _roller: Roller): Out {
  if (!isRecord(command) || typeof command.type !== "string") return refuse("UnknownCommand", "a command needs a type");
  if (state.phase === "ended") return refuse("CombatOver", "the fight is over", "TEAM-01");
  // A switch, not a table of handlers: a type such as "constructor" or "__proto__" simply falls through to the
  // refusal.
  switch (command.type) {
    case "act":
      return act(state, command);
    case "endTurn":
      return endTurn(state, command);
    case "spend":
      return spend(state, command);
    case "abandon":
      return abandon(state, command);
    case "react":
      return react(state, command);
    case "setAble":
      return setAble(state, command);
    case "remove":
      return remove(state, command);
    case "setObjective":
      return setObjective(state, command);
    case "declareEnd":
      return declareEnd(state, command);
    case "endCombat":
      return endCombat(state);
    default:
      return refuse("UnknownCommand", `the teams engine has no command ${(command as { type: string }).type}`);
  }
}

export const teamsEngine: TurnOrderEngine<TeamsSetup, TeamsState, TeamsCommand> = {
  id: "teams",
  // start builds its state from the setup it read: the engine's own, trusted without a second check (as apply's).
  start: (setup: TeamsSetup, _roller: Roller) => OWN_STATES.keep(start(setup)),
  isState: (s): s is TeamsState => OWN_STATES.sound(s, validTeamsState),
  apply,
  legal: (state: TeamsState) => (OWN_STATES.sound(state, validTeamsState) ? teamsLegal(state, applyTrusted) : []),
  view: (state: TeamsState): TurnOrderView => (OWN_STATES.sound(state, validTeamsState) ? teamsView(state) : brokenView()),
};
