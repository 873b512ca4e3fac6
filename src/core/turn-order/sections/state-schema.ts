import { isTurnBudget } from "../../economy/sections.js";
import type { Fields, Schema, StateSchema } from "../../shared/schema.js";
import { findById } from "../shared/by-id.js";
import { nobodyOrOneOf } from "../shared/state-rules.js";
import { checkClimbs } from "./commands/climbs.js";
import { SECTIONS_OPTIONS } from "./options.js";
import type {
  SectionsBlock,
  SectionsClimb,
  SectionsCombatant,
  SectionsDistanceBlock,
  SectionsResult,
  SectionsState,
} from "./types.js";

const COMBATANT: Schema = {
  fields: {
    id: "text",
    name: "string",
    side: "text",
    able: "boolean",
    out: "boolean",
    mark: { oneOf: ["waiting", "acted", "lost"] },
  } satisfies Fields<SectionsCombatant>,
};

const RESULT: Schema = {
  fields: {
    reason: { oneOf: ["oneSideLeft", "declared", "gm"] },
    outcome: "string",
    victors: { list: "string" },
  } satisfies Fields<SectionsResult>,
};

// SEC-42: one Block at most per blocker (ruling SEC-42); SEC-46: Blocks at a distance, each named by its ability.
const BLOCK: Schema = { fields: { blocker: "text", border: "text", from: "text" } satisfies Fields<SectionsBlock> };
const DISTANCE_BLOCK: Schema = {
  fields: { blocker: "text", border: "text", source: "text" } satisfies Fields<SectionsDistanceBlock>,
};

const CLIMB: Schema = {
  fields: {
    climber: "text",
    border: "text",
    from: "text",
    to: "text",
    height: { atLeast: 1 },
    climbed: "count",
  } satisfies Fields<SectionsClimb>,
};

const fighting = (s: SectionsState, id: string): boolean => findById(s.combatants, id) !== undefined;

/** The sections state as stored: its fields, then how they hang together. */
export const SECTIONS_STATE: StateSchema<SectionsState> = {
  fields: {
    kind: { literal: "sections" },
    options: SECTIONS_OPTIONS,
    round: { atLeast: 1 },
    sides: { list: "text", unique: true },
    combatants: { list: COMBATANT, unique: "id" },
    sideIndex: "count",
    acting: { nullable: "text" },
    turn: { nullable: isTurnBudget },
    result: { nullable: RESULT },
    blocks: { list: BLOCK, unique: "blocker" },
    // Absent in a fight recorded before they were kept: none.
    distanceBlocks: { optional: { list: DISTANCE_BLOCK } },
    climbs: { optional: { list: CLIMB, unique: "climber" } },
    interrupted: { optional: { list: "text", unique: true } },
  },
  rules: [
    { why: "a fight has two sides or more", holds: (s) => s.sides.length >= 2 },
    { why: "the side up is one of the fight's, or past the last", holds: (s) => s.sideIndex <= s.sides.length },
    {
      why: "every combatant is on a side of the fight",
      holds: (s) => s.combatants.every((c) => s.sides.includes(c.side)),
    },
    {
      why: "a turn budget goes with the combatant acting, and only with one",
      holds: (s) => (s.acting === null) === (s.turn === null),
    },
    { why: "the combatant acting is in the fight", holds: (s) => nobodyOrOneOf(s.acting, s.combatants) },
    {
      why: "every Block is held by a combatant of the fight",
      holds: (s) => s.blocks.every((b) => fighting(s, b.blocker)),
    },
    {
      why: "every Block at a distance is a combatant's",
      holds: (s) => (s.distanceBlocks ?? []).every((b) => fighting(s, b.blocker)),
    },
    {
      why: "every Interrupt spent is a combatant's of the fight",
      holds: (s) => (s.interrupted ?? []).every((id) => fighting(s, id)),
    },
    // SEC-16: a climb is between two places, partly up its Height (commands/climbs.ts, as a Move's command carries it).
    {
      why: "every climb is a climber's of the fight, part way up",
      holds: (s) => s.climbs === undefined || checkClimbs(s.climbs, new Set(s.combatants.map((c) => c.id))),
    },
  ],
};
