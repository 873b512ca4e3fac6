import type { GridPiece, GridState } from "./grid-state.js";
import { isAdjacent } from "./distance.js";

/** STR-42: a Ranged ability takes +1 Bane for each enemy adjacent to its user. */
export function rangedBanes(state: GridState, user: GridPiece): number {
  return state.pieces.filter((p) => p.side !== user.side && isAdjacent(p.cell, user.cell)).length;
}
