import { isRecord } from "../../shared/guards.js";
import { problemIn, type Fields, type Schema } from "../../shared/schema.js";
import type { FactionsOptions } from "./types.js";

/**
 * The rulings a table may change (FactionsOptions), as the texts read literally; apart from the engine so a settings
 * page reads them without it.
 */
export const DEFAULT_FACTIONS_OPTIONS: FactionsOptions = {
  passIsFinal: false,
  fastSlow: false,
  declarationSeconds: null,
  reactAfterActing: false,
  ambushUsesFirstTurn: false,
};

/** FAC-71: a timer runs for some seconds, more than none. */
const seconds = (v: unknown): boolean => typeof v === "number" && v > 0 && Number.isFinite(v);

/** The options as a setup gives them and the state keeps them. */
export const FACTIONS_OPTIONS: Schema = {
  fields: {
    passIsFinal: "boolean",
    fastSlow: "boolean",
    declarationSeconds: { nullable: seconds },
    reactAfterActing: "boolean",
    ambushUsesFirstTurn: "boolean",
  } satisfies Fields<FactionsOptions>,
};

/**
 * A setup's options over the defaults (any other fields kept as given), or null when one has a value a table cannot
 * pick.
 */
export function readOptions(raw: unknown): FactionsOptions | null {
  const options = { ...DEFAULT_FACTIONS_OPTIONS, ...(isRecord(raw) ? raw : {}) };
  return problemIn(FACTIONS_OPTIONS, options) === null ? options : null;
}
