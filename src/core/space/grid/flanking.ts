import type { GridOptions } from "./grid-options.js";
import { pieceAt, type GridPiece, type GridState } from "./grid-state.js";

/**
 * ESC-16 ruling (facing is undefined): the attacker is "behind" the target when an ally of the attacker
 * stands on the square adjacent to the target directly opposite the attacker's direction. Gives +1 accuracy.
 */
export function isFlanking(state: GridState, attacker: GridPiece, target: GridPiece, options: GridOptions): boolean {
  if (options.flanking === "off" || attacker.side === target.side) return false;
  const dx = Math.sign(attacker.cell.x - target.cell.x);
  const dy = Math.sign(attacker.cell.y - target.cell.y);
  if (dx === 0 && dy === 0) return false;
  const opposite = pieceAt(state, { x: target.cell.x - dx, y: target.cell.y - dy });
  return opposite !== undefined && opposite.id !== attacker.id && opposite.side === attacker.side;
}

export function flankingAccuracy(
  state: GridState,
  attacker: GridPiece,
  target: GridPiece,
  options: GridOptions,
): number {
  return isFlanking(state, attacker, target, options) ? 1 : 0;
}
