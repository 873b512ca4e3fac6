import { isRecord } from "../../shared/guards.js";
import { problemIn, type Fields, type Schema } from "../../shared/schema.js";
import { TIE_BREAKS } from "../shared/initiative-order.js";
import { END_WHEN } from "../shared/sides.js";
import { DELAY_LIMITS, ROUND_ZERO, type RolledOptions } from "./types.js";

/**
 * The rulings a table may change, as the text reads literally; apart from the engine so a settings page reads them
 * without it.
 */
export const DEFAULT_ROLLED_OPTIONS: RolledOptions = {
  ties: "modifier",
  roundZero: "everyone",
  delayLimit: "perCharacter",
  endWhen: "oneSideLeft",
  recoverAtZeroTolerance: false,
};

/** The options as a setup gives them and the state keeps them. */
export const ROLLED_OPTIONS: Schema = {
  fields: {
    ties: { oneOf: TIE_BREAKS },
    roundZero: { oneOf: ROUND_ZERO },
    delayLimit: { oneOf: DELAY_LIMITS },
    endWhen: { oneOf: END_WHEN },
    recoverAtZeroTolerance: "boolean",
  } satisfies Fields<RolledOptions>,
};

/** A setup's options over the defaults (its other fields left out), or null when one is unknown or wrongly typed. */
export function readOptions(raw: unknown): RolledOptions | null {
  if (raw === undefined) return DEFAULT_ROLLED_OPTIONS;
  if (!isRecord(raw)) return null;
  const o = { ...DEFAULT_ROLLED_OPTIONS, ...raw };
  if (problemIn(ROLLED_OPTIONS, o) !== null) return null;
  const { ties, roundZero, delayLimit, endWhen, recoverAtZeroTolerance } = o;
  return { ties, roundZero, delayLimit, endWhen, recoverAtZeroTolerance };
}
