import type { GridCell } from "./grid-cell.js";
import { sameCell } from "./grid-cell.js";
import { NEIGHBOUR_STEPS } from "./distance.js";
import { elevationAt, inMap } from "./grid-map.js";
import type { GridOptions } from "./grid-options.js";
import { pieceAt, type GridState } from "./grid-state.js";

export interface CoverAnswer {
  /** STR-45: the target has Cover against this attacker. */
  readonly cover: boolean;
  /** STR-49: the path is Obstructed; the target cannot be targeted by this attack. */
  readonly obstructed: boolean;
  /** STR-48: +1 Bane when the target has Cover. */
  readonly banes: number;
  /** The adjacent squares that give cover from this attacker. */
  readonly sources: readonly GridCell[];
}

/**
 * The height a square gives as cover for a target standing at `base`, or null when it is no cover:
 * terrain 2+ levels above the target, or a character (STR-45; characterCoverHeight ruling).
 */
function coverHeight(
  state: GridState,
  c: GridCell,
  base: number,
  exclude: readonly GridCell[],
  options: GridOptions,
): number | null {
  if (!inMap(state.map, c)) return null;
  const e = elevationAt(state.map, c);
  const someone = pieceAt(state, c);
  const character = someone !== undefined && !exclude.some((x) => sameCell(x, c));
  if (character) return e + options.characterCoverHeight;
  return e >= base + 2 ? e : null;
}

/**
 * STR-45..STR-49, perpendicular-line rule: for each adjacent cover square N, the dividing line runs through N
 * at right angles to target->N; the attacker is on the far side when (attacker - N) . (N - target) > 0.
 * Cover counts against Physical Attacks only (STR-45): the caller asks only for those.
 */
export function coverFrom(state: GridState, target: GridCell, attacker: GridCell, options: GridOptions): CoverAnswer {
  const base = elevationAt(state.map, target);
  const attackerLevel = elevationAt(state.map, attacker);
  const exclude = [target, attacker];
  const sources: GridCell[] = [];
  let obstructed = false;
  for (const d of NEIGHBOUR_STEPS) {
    const n = { x: target.x + d.x, y: target.y + d.y };
    const height = coverHeight(state, n, base, exclude, options);
    if (height === null || attackerLevel >= height) continue;
    const side = (attacker.x - n.x) * d.x + (attacker.y - n.y) * d.y;
    if (side < 0 || (side === 0 && !options.coverOnDividingLine)) continue;
    sources.push(n);
    // STR-49: the two squares beside N along the dividing line also give cover -> Obstructed.
    const beside = [
      { x: n.x - d.y, y: n.y + d.x },
      { x: n.x + d.y, y: n.y - d.x },
    ];
    if (beside.every((b) => coverHeight(state, b, base, exclude, options) !== null)) obstructed = true;
  }
  const cover = sources.length > 0;
  return { cover, obstructed, banes: cover ? 1 : 0, sources };
}
