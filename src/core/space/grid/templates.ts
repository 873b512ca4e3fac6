import type { GridCell } from "./grid-cell.js";
import { sameCell } from "./grid-cell.js";
import { gridDistance } from "./distance.js";
import { inMap, type GridMap } from "./grid-map.js";
import type { GridPiece } from "./grid-state.js";

/** STR-30: an Area X is X by X squares; `corner` is its north-west square. */
export function areaCells(corner: GridCell, size: number): GridCell[] {
  const out: GridCell[] = [];
  if (!Number.isInteger(size) || size < 1) return out;
  for (let dy = 0; dy < size; dy++) for (let dx = 0; dx < size; dx++) out.push({ x: corner.x + dx, y: corner.y + dy });
  return out;
}

/** STR-30: a Line X is X consecutive squares along a row, a column or a diagonal; `step` is one of the 8 directions. */
export function lineCells(start: GridCell, step: GridCell, length: number): GridCell[] | null {
  const okStep = Math.abs(step.x) <= 1 && Math.abs(step.y) <= 1 && (step.x !== 0 || step.y !== 0);
  if (!okStep || !Number.isInteger(length) || length < 1) return null;
  return Array.from({ length }, (_, i) => ({ x: start.x + step.x * i, y: start.y + step.y * i }));
}

/** STR-32: an Aura X is every square at distance X or less from its bearer, except the bearer's own square. */
export function auraCells(bearer: GridCell, size: number): GridCell[] {
  const out: GridCell[] = [];
  if (!Number.isInteger(size) || size < 0) return out;
  for (let dy = -size; dy <= size; dy++)
    for (let dx = -size; dx <= size; dx++) if (dx !== 0 || dy !== 0) out.push({ x: bearer.x + dx, y: bearer.y + dy });
  return out;
}

/** Only the squares of a template that lie on the map. */
export function onMap(map: GridMap, cells: readonly GridCell[]): GridCell[] {
  return cells.filter((c) => inMap(map, c));
}

/** STR-18: Range X reaches anything at distance X or less. */
export function inRange(from: GridCell, to: GridCell, range: number): boolean {
  return gridDistance(from, to) <= range;
}

/** STR-31: at least one square within range; with Range 0 the user's own square must be inside. */
export function canPlaceTemplate(user: GridCell, cells: readonly GridCell[], range: number): boolean {
  if (range === 0) return cells.some((c) => sameCell(c, user));
  return cells.some((c) => inRange(user, c, range));
}

export type TargetCategory = "self" | "ally" | "enemy" | "character";

/** STR-34: Self is the user; Ally another on its side; Enemy on an opposing side; Character any of these. */
export function fitsCategory(user: GridPiece, other: GridPiece, category: TargetCategory): boolean {
  if (category === "character") return true;
  if (category === "self") return other.id === user.id;
  if (other.id === user.id) return false;
  return category === "ally" ? other.side === user.side : other.side !== user.side;
}

/** STR-35: an area affects all characters in it (of the category, "character" unless otherwise specified). */
export function piecesInArea(
  pieces: readonly GridPiece[],
  cells: readonly GridCell[],
  user: GridPiece,
  category: TargetCategory = "character",
): GridPiece[] {
  return pieces.filter((p) => cells.some((c) => sameCell(c, p.cell)) && fitsCategory(user, p, category));
}
