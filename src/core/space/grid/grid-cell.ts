/** A square of the battle map: column x (east is +), row y (south is +). */
export interface GridCell {
  readonly x: number;
  readonly y: number;
}

export function sameCell(a: GridCell, b: GridCell): boolean {
  return a.x === b.x && a.y === b.y;
}

export function isCellShape(c: unknown): c is GridCell {
  if (typeof c !== "object" || c === null) return false;
  const { x, y } = c as { x?: unknown; y?: unknown };
  return Number.isInteger(x) && Number.isInteger(y);
}
