import type { GridCell } from "./grid-cell.js";

/** STR-16: the larger of the column and row differences (Chebyshev distance). */
export function gridDistance(a: GridCell, b: GridCell): number {
  return Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
}

/** STR-14, ESC-37: the 8 squares around a square (orthogonal and diagonal). */
export const NEIGHBOUR_STEPS: readonly GridCell[] = [
  { x: 1, y: 0 },
  { x: -1, y: 0 },
  { x: 0, y: 1 },
  { x: 0, y: -1 },
  { x: 1, y: 1 },
  { x: 1, y: -1 },
  { x: -1, y: 1 },
  { x: -1, y: -1 },
];

export function neighbours(c: GridCell): GridCell[] {
  return NEIGHBOUR_STEPS.map((d) => ({ x: c.x + d.x, y: c.y + d.y }));
}

export function isAdjacent(a: GridCell, b: GridCell): boolean {
  return gridDistance(a, b) === 1;
}

export function isDiagonalStep(a: GridCell, b: GridCell): boolean {
  return a.x !== b.x && a.y !== b.y;
}

/**
 * TEAM-45: metres on a square grid where every second diagonal counts 2 m.
 * `oddDiagonalsBefore` says whether one diagonal has already been counted (the next one is then a 2 m diagonal).
 */
export function alternatingDistance(a: GridCell, b: GridCell, oddDiagonalsBefore = false): number {
  const dx = Math.abs(a.x - b.x);
  const dy = Math.abs(a.y - b.y);
  const diag = Math.min(dx, dy);
  const straight = Math.max(dx, dy) - diag;
  const doubled = oddDiagonalsBefore ? Math.ceil(diag / 2) : Math.floor(diag / 2);
  return straight + diag + doubled;
}
