import type { GridCell } from "./grid-cell.js";
import { gridDistance } from "./distance.js";
import type { GridPiece } from "./grid-state.js";

/** ESC-37: the adjacent squares; ESC-60 Reach: 2 spaces around. */
export function meleeZoneRadius(piece: GridPiece): number {
  return piece.reach ? 2 : 1;
}

export function inMeleeZone(owner: GridPiece, c: GridCell): boolean {
  const d = gridDistance(owner.cell, c);
  return d >= 1 && d <= meleeZoneRadius(owner);
}

/** The squares of a melee zone (clipped to nothing: the caller clips to the map if needed). */
export function meleeZoneCells(owner: GridPiece): GridCell[] {
  const r = meleeZoneRadius(owner);
  const out: GridCell[] = [];
  for (let dy = -r; dy <= r; dy++)
    for (let dx = -r; dx <= r; dx++) if (dx !== 0 || dy !== 0) out.push({ x: owner.cell.x + dx, y: owner.cell.y + dy });
  return out;
}
