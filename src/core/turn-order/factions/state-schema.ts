import type { FactionsTurnBudget } from "../../economy/factions.js";
import type { Fields, Schema, StateSchema } from "../../shared/schema.js";
import { FIGHT_OUTCOME, nobodyOrMember, rosterIsMembers } from "../shared/state-rules.js";
import { FACTIONS_OPTIONS } from "./options.js";
import type { FactionsMember, FactionsState, MoraleFailure } from "./types.js";

const TURN: Schema = {
  fields: { bonus: "number", main: "boolean", zones: "number" } satisfies Fields<FactionsTurnBudget>,
};

const MEMBER: Schema = {
  fields: {
    id: "text",
    faction: "string",
    wit: "number",
    health: "amount",
    maxHealth: "amount",
    immuneToFear: "boolean",
    concealed: "boolean",
    able: "boolean",
    out: "boolean",
    retreated: "boolean",
    surrendered: "boolean",
    moraleExempt: "boolean",
    acted: "boolean",
    gearUsed: "boolean",
    turn: { nullable: TURN },
  } satisfies Fields<FactionsMember>,
};

const MORALE_FAILURE: Schema = { fields: { combatant: "string", roll: "integer" } satisfies Fields<MoraleFailure> };
const DECLARATION: Schema = { fields: { combatant: "string", seconds: "number" } };

const inFight = (s: FactionsState, side: string | null): boolean => side === null || s.factions.includes(side);

/** The factions state as stored: its fields, then how they hang together. */
export const FACTIONS_STATE: StateSchema<FactionsState> = {
  fields: {
    kind: { literal: "factions" },
    round: "count",
    phase: { oneOf: ["ambush", "main", "fast", "slow", "morale", "ended"] },
    factions: { list: "string", unique: true },
    players: { list: "string" },
    holder: "string",
    roster: { list: "string", unique: true },
    members: { record: MEMBER, keyed: "id" },
    startNumbers: { record: "count" },
    choosingFirst: "boolean",
    up: { nullable: "string" },
    acting: { nullable: "string" },
    passesInRow: "count",
    passed: { list: "string" },
    fat: { nullable: "count" },
    moraleDue: { list: "string" },
    moraleFailed: { list: MORALE_FAILURE },
    declaration: { nullable: DECLARATION },
    result: { nullable: FIGHT_OUTCOME },
    options: FACTIONS_OPTIONS,
  },
  rules: [
    { why: "the roster lists every member once", holds: (s) => rosterIsMembers(s.roster, s.members) },
    {
      why: "every member is in a faction of the fight",
      holds: (s) => Object.values(s.members).every((m) => inFight(s, m.faction)),
    },
    {
      why: "the initiative holder and the faction up are in the fight",
      holds: (s) => inFight(s, s.holder) && inFight(s, s.up),
    },
    { why: "the member acting is in the fight", holds: (s) => nobodyOrMember(s.acting, s.members) },
  ],
};
