import type { ExtendedAction, TeamsTurnBudget } from "../../economy/teams.js";
import type { Fields, Schema, StateSchema } from "../../shared/schema.js";
import { FIGHT_OUTCOME, nobodyOrMember, rosterIsMembers } from "../shared/state-rules.js";
import { TEAMS_OPTIONS } from "./options.js";
import type { TeamsMember, TeamsState } from "./types.js";

const TURN: Schema = {
  fields: {
    actionsUsed: "count",
    moved: "boolean",
    sprinted: "boolean",
    stepped: "boolean",
    commanded: { list: "string" },
  } satisfies Fields<TeamsTurnBudget>,
};

const EXTENDED: Schema = {
  fields: { action: "string", cost: "count", paid: "count", startedRound: "count" } satisfies Fields<ExtendedAction>,
};

const MEMBER: Schema = {
  fields: {
    id: "text",
    team: "string",
    able: "boolean",
    out: "boolean",
    acted: "boolean",
    cannotBeSurprised: "boolean",
    stamina: "count",
    focus: "count",
    reactions: "count",
    attacks: "count",
    turn: { nullable: TURN },
    extended: { nullable: EXTENDED },
    untilNextTurn: { list: "string" },
    granted: "count",
  } satisfies Fields<TeamsMember>,
};

const inFight = (s: TeamsState, team: string | null): boolean => team === null || s.initiative.includes(team);

/** The teams state as stored: its fields, then how they hang together. */
export const TEAMS_STATE: StateSchema<TeamsState> = {
  fields: {
    kind: { literal: "teams" },
    round: "count",
    phase: { oneOf: ["surprise", "main", "ended"] },
    initiative: { list: "string", unique: true },
    surprising: { list: "string" },
    roster: { list: "string", unique: true },
    members: { record: MEMBER, keyed: "id" },
    up: { nullable: "string" },
    acting: { nullable: "string" },
    lastSide: { nullable: "string" },
    result: { nullable: FIGHT_OUTCOME },
    objectives: { record: "string" },
    options: TEAMS_OPTIONS,
  },
  rules: [
    { why: "the roster lists every member once", holds: (s) => rosterIsMembers(s.roster, s.members) },
    {
      why: "every member is on a team in the initiative",
      holds: (s) => Object.values(s.members).every((m) => inFight(s, m.team)),
    },
    { why: "the teams with surprise are in the initiative", holds: (s) => s.surprising.every((t) => inFight(s, t)) },
    {
      why: "the team up and the last to act are in the initiative",
      holds: (s) => inFight(s, s.up) && inFight(s, s.lastSide),
    },
    { why: "the member acting is in the fight", holds: (s) => nobodyOrMember(s.acting, s.members) },
  ],
};
