import type { EscalationActions, EscalationBoosts } from "../../economy/escalation.js";
import type { Fields, Schema, StateSchema } from "../../shared/schema.js";
import { FIGHT_OUTCOME, listsEachOnce, nobodyOrOneOf } from "../shared/state-rules.js";
import { RANKED_OPTIONS } from "./options.js";
import type { RankedCombatant, RankedState } from "./types.js";

const ACTIONS: Schema = { fields: { aa: "count", ma: "count", ba: "count" } satisfies Fields<EscalationActions> };
const BOOSTS: Schema = {
  fields: { damage: "count", hit: "count", dodge: "count", move: "count" } satisfies Fields<EscalationBoosts>,
};

const COMBATANT: Schema = {
  fields: {
    id: "text",
    name: "text",
    side: "text",
    agility: "integer",
    able: "boolean",
    out: "boolean",
    acted: "boolean",
    delayed: "boolean",
    left: ACTIONS,
    owed: ACTIONS,
    freeHitsLeft: "count",
    disengaged: "boolean",
    prone: "boolean",
    boosts: BOOSTS,
  } satisfies Fields<RankedCombatant>,
};

/** The ranked state as stored: its fields, then how they hang together. */
export const RANKED_STATE: StateSchema<RankedState> = {
  fields: {
    engine: { literal: "ranked" },
    options: RANKED_OPTIONS,
    round: { atLeast: 1 },
    rankOrder: { list: "string", unique: true },
    order: { list: "string", unique: true },
    acting: { nullable: "string" },
    combatants: { list: COMBATANT, unique: "id" },
    ended: "boolean",
    outcome: { nullable: FIGHT_OUTCOME },
  },
  rules: [
    { why: "the ranking lists every unit once", holds: (s) => listsEachOnce(s.rankOrder, s.combatants) },
    { why: "the round's order lists every unit once", holds: (s) => listsEachOnce(s.order, s.combatants) },
    { why: "the unit acting is in the battle", holds: (s) => nobodyOrOneOf(s.acting, s.combatants) },
  ],
};
