import type { DiceRoll, DieResult } from "../../dice/dice-roll.js";
import { isStrainTurn } from "../../economy/strain.js";
import type { Fields, Schema, StateSchema } from "../../shared/schema.js";
import { findById } from "../shared/by-id.js";
import { FIGHT_OUTCOME } from "../shared/state-rules.js";
import { ROLLED_OPTIONS } from "./options.js";
import { isAreas } from "./squares.js";
import type { RolledCombatant, RolledState, Square } from "./types.js";

const DIE: Schema = { fields: { sides: "count", value: "integer", kept: "boolean" } satisfies Fields<DieResult> };
const ROLL: Schema = {
  fields: { formula: "string", dice: { list: DIE }, modifier: "integer", total: "integer" } satisfies Fields<DiceRoll>,
};
const SQUARE: Schema = { fields: { x: "integer", y: "integer" } satisfies Fields<Square> };

const COMBATANT: Schema = {
  fields: {
    id: "text",
    listed: "count",
    name: "text",
    side: "text",
    initiativeModifier: "integer",
    initiative: ROLL,
    speed: { nullable: "count" },
    able: "boolean",
    out: "boolean",
    delayed: "boolean",
    stressLoad: "count",
    stressTolerance: "count",
    fatigueLoad: "count",
    fatigueTolerance: "count",
    stunned: "count",
    square: { nullable: SQUARE },
    stance: { nullable: "text" },
  } satisfies Fields<RolledCombatant>,
};

/** The one taking a turn, when there is one: in the fight, with its turn, at or after the round's place (STR-03). */
function actingFits(s: RolledState): boolean {
  if (s.acting === null) return s.turn === null;
  const c = findById(s.combatants, s.acting);
  return c !== undefined && s.turn !== null && s.combatants.indexOf(c) >= s.turnAt;
}

/** The rolled state as stored: its fields, then how they hang together. */
export const ROLLED_STATE: StateSchema<RolledState> = {
  fields: {
    engine: { literal: "rolled" },
    options: ROLLED_OPTIONS,
    startingAreas: isAreas,
    round: "count",
    acting: { nullable: "string" },
    turn: { nullable: isStrainTurn },
    turnAt: "count",
    delaysThisRound: "count",
    combatants: { list: COMBATANT, unique: "id" },
    ended: "boolean",
    outcome: { nullable: FIGHT_OUTCOME },
  },
  rules: [
    // The places number the setup's list from 0, each once: sides and victors are named in that order.
    {
      why: "each place in the setup's list is held once",
      holds: (s) =>
        new Set(s.combatants.map((c) => c.listed)).size === s.combatants.length &&
        s.combatants.every((c) => c.listed < s.combatants.length),
    },
    { why: "the round's place is in the list", holds: (s) => s.turnAt <= s.combatants.length },
    { why: "the one taking a turn is in the fight, has it, and has not had one this round", holds: actingFits },
  ],
};
