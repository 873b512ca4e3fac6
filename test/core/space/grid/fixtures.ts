import {
  flatGridMap,
  type GridCell,
  type GridMap,
  type GridPiece,
  type GridState,
} from "../../../../src/core/space/grid/index.js";

/** A flat map with some squares raised/lowered and some difficult. */
export function mapOf(
  width: number,
  height: number,
  elevations: readonly [number, number, number][] = [],
  difficult: readonly GridCell[] = [],
): GridMap {
  const m = flatGridMap(width, height);
  const elevation = [...m.elevation];
  const diff = [...m.difficult];
  for (const [x, y, e] of elevations) elevation[y * width + x] = e;
  for (const c of difficult) diff[c.y * width + c.x] = 1;
  return { ...m, elevation, difficult: diff };
}

export function piece(id: string, side: string, x: number, y: number, more: Partial<GridPiece> = {}): GridPiece {
  return { id, side, cell: { x, y }, speed: 6, spent: 0, ...more };
}

export function stateOf(map: GridMap, ...pieces: GridPiece[]): GridState {
  return { map, pieces };
}

export const c = (x: number, y: number): GridCell => ({ x, y });

/** A straight run of squares from a to b (same row, column or diagonal). */
export function run(a: GridCell, b: GridCell): GridCell[] {
  const dx = Math.sign(b.x - a.x);
  const dy = Math.sign(b.y - a.y);
  const n = Math.max(Math.abs(b.x - a.x), Math.abs(b.y - a.y));
  return Array.from({ length: n + 1 }, (_, i) => ({ x: a.x + dx * i, y: a.y + dy * i }));
}
