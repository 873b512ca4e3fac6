import { ATTACK_COUNT_RESETS, DEFAULT_TEAMS_ECONOMY } from "../../economy/teams.js";
import { isRecord } from "../../shared/guards.js";
import { problemIn, type Fields, type Schema } from "../../shared/schema.js";
import { SURPRISE_ORDERS, type TeamsOptions } from "./types.js";

/**
 * The rulings a table may change, as the text reads literally; apart from the engine so a settings page reads them
 * without it.
 */
export const DEFAULT_TEAMS_OPTIONS: TeamsOptions = { ...DEFAULT_TEAMS_ECONOMY, surpriseOrder: "initiative" };

/** The options as a setup gives them and the state keeps them. */
export const TEAMS_OPTIONS: Schema = {
  fields: {
    commandActions: "count",
    sprintRepeatable: "boolean",
    stepWithMove: "boolean",
    readyUsesReaction: "boolean",
    abandonSameTurn: "boolean",
    attackCountResets: { oneOf: ATTACK_COUNT_RESETS },
    surpriseOrder: { oneOf: SURPRISE_ORDERS },
  } satisfies Fields<TeamsOptions>,
};

/**
 * A setup's options over the defaults (any other fields kept as given), or null when one has a value a table cannot
 * pick.
 */
export function readOptions(raw: unknown): TeamsOptions | null {
  const options = { ...DEFAULT_TEAMS_OPTIONS, ...(isRecord(raw) ? raw : {}) };
  return problemIn(TEAMS_OPTIONS, options) === null ? options : null;
}
