import { isRecord } from "../../shared/guards.js";
import { problemIn, type Fields, type Schema } from "../../shared/schema.js";
import { END_WHEN } from "../shared/sides.js";
import { RANKED_TIE_BREAKS, type RankedOptions } from "./types.js";

/**
 * The rulings a table may change, as the text reads literally; apart from the engine so a settings page reads them
 * without it.
 */
export const DEFAULT_RANKED_OPTIONS: RankedOptions = { ties: "listed", delayKeepsPlace: false, endWhen: "oneSideLeft" };

/** The options as a setup gives them and the state keeps them. */
export const RANKED_OPTIONS: Schema = {
  fields: {
    ties: { oneOf: RANKED_TIE_BREAKS },
    delayKeepsPlace: "boolean",
    endWhen: { oneOf: END_WHEN },
  } satisfies Fields<RankedOptions>,
};

/** A setup's options over the defaults (its other fields left out), or null when one is unknown or wrongly typed. */
export function readOptions(raw: unknown): RankedOptions | null {
  if (raw === undefined) return DEFAULT_RANKED_OPTIONS;
  if (!isRecord(raw)) return null;
  const o = { ...DEFAULT_RANKED_OPTIONS, ...raw };
  if (problemIn(RANKED_OPTIONS, o) !== null) return null;
  return { ties: o.ties, delayKeepsPlace: o.delayKeepsPlace, endWhen: o.endWhen };
}
