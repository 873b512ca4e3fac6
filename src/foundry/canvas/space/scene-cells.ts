import type { RegionSpace } from "../regions/region-data.js";

/**
 * A scene rasterised on its grid: the cells of the scene's rectangle row by row (index = row * columns + column),
 * each tagged with the ids of the Fray regions whose shape holds its centre. Plain data, made by the Foundry side
 * (rasterise-scene.ts) and by tests alike.
 */
export interface SceneCells {
  readonly columns: number;
  readonly rows: number;
  readonly regions: readonly (readonly string[])[];
  /** The cells sharing an edge with a cell; missing: the square grid's four. */
  readonly neighbours?: (index: number) => readonly number[];
}

/** Is there a wall (one that stops movement) between two neighbouring cells? */
export type WallBetween = (a: number, b: number) => boolean;

/** The square grid's edge neighbours of a cell (east, west, south, north). */
export function squareNeighbours(columns: number, rows: number, index: number): number[] {
  const x = index % columns;
  const y = (index - x) / columns;
  const out: number[] = [];
  if (x + 1 < columns) out.push(index + 1);
  if (x > 0) out.push(index - 1);
  if (y + 1 < rows) out.push(index + columns);
  if (y > 0) out.push(index - columns);
  return out;
}

/** Calls `visit` once for every pair of neighbouring cells (lower index first). */
export function forEachNeighbourPair(cells: SceneCells, visit: (a: number, b: number) => void): void {
  const n = cells.columns * cells.rows;
  for (let a = 0; a < n; a++) {
    const near = cells.neighbours ? cells.neighbours(a) : squareNeighbours(cells.columns, cells.rows, a);
    for (const b of near) if (b > a && b < n) visit(a, b);
  }
}

/**
 * Which region of one kind owns each cell. Regions may overlap: the one covering the fewest cells wins (a dais
 * drawn inside a hall is the dais), then the lower id, so every client derives the same map. Null: no such region.
 */
export function cellOwners(
  cells: SceneCells,
  regions: readonly RegionSpace[],
  kind: "section" | "zone",
): (string | null)[] {
  const ofKind = new Set(regions.filter((r) => r[kind] !== undefined).map((r) => r.id));
  const size = new Map<string, number>();
  for (const tags of cells.regions) for (const id of tags) if (ofKind.has(id)) size.set(id, (size.get(id) ?? 0) + 1);
  return cells.regions.map((tags) => {
    let best: string | null = null;
    for (const id of tags) {
      if (!ofKind.has(id)) continue;
      if (best === null || innerFirst(id, best, size) < 0) best = id;
    }
    return best;
  });
}

function innerFirst(a: string, b: string, size: ReadonlyMap<string, number>): number {
  const d = (size.get(a) ?? 0) - (size.get(b) ?? 0);
  return d !== 0 ? d : a < b ? -1 : a > b ? 1 : 0;
}
