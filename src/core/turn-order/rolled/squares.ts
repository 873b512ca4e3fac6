import { isRecord, isWholeNumber } from "../../shared/guards.js";
import type { SideId } from "../types.js";
import type { Square } from "./types.js";

export function isSquare(x: unknown): x is Square {
  return isRecord(x) && isWholeNumber(x.x) && isWholeNumber(x.y);
}

/** STR-09 Starting Areas: per side, a list of squares. */
export function isAreas(x: unknown): x is Record<SideId, Square[]> {
  return isRecord(x) && Object.values(x).every((a) => Array.isArray(a) && a.every(isSquare));
}
