import { refuse, type Refusal } from "../../shared/outcome.js";
import type { GridCell } from "./grid-cell.js";

/**
 * The battle map (STR-14, STR-24). Cells are stored row by row in flat plain-number arrays
 * (index = y * width + x) so the state stays JSON and the hot loops stay array lookups.
 */
export interface GridMap {
  readonly width: number;
  readonly height: number;
  /** Whole elevation steps per cell; 0 is the default level (STR-24). */
  readonly elevation: readonly number[];
  /** 1 where the cell is Difficult Terrain (STR-23), else 0. */
  readonly difficult: readonly number[];
}

/** A flat map at elevation 0 with no difficult terrain. */
export function flatGridMap(width: number, height: number): GridMap {
  const n = Math.max(0, width * height);
  return { width, height, elevation: new Array<number>(n).fill(0), difficult: new Array<number>(n).fill(0) };
}

export function inMap(map: GridMap, c: GridCell): boolean {
  return c.x >= 0 && c.y >= 0 && c.x < map.width && c.y < map.height;
}

export function cellIndex(map: GridMap, c: GridCell): number {
  return c.y * map.width + c.x;
}

export function cellAt(map: GridMap, index: number): GridCell {
  return { x: index % map.width, y: Math.floor(index / map.width) };
}

export function elevationAt(map: GridMap, c: GridCell): number {
  return map.elevation[cellIndex(map, c)] ?? 0;
}

export function isDifficult(map: GridMap, c: GridCell): boolean {
  return map.difficult[cellIndex(map, c)] === 1;
}

/**
 * Maps already checked, by the map object: maps are immutable values, so the check of every cell is made once per
 * map (once per scene change), not on every query. The arrays and sizes are kept and compared, so a map object whose
 * fields were swapped is checked afresh.
 */
const checked = new WeakMap<
  object,
  { width: unknown; height: unknown; elevation: unknown; difficult: unknown; answer: Refusal | null }
>();

/** A malformed map is refused, never thrown on (STR-14, STR-24). */
export function checkGridMap(map: unknown): Refusal | null {
  if (typeof map !== "object" || map === null) return refuse("MalformedGrid", "the grid map is missing", "STR-14");
  const m = map as Partial<Record<keyof GridMap, unknown>>;
  const hit = checked.get(map);
  if (
    hit &&
    hit.width === m.width &&
    hit.height === m.height &&
    hit.elevation === m.elevation &&
    hit.difficult === m.difficult
  )
    return hit.answer;
  const answer = checkFresh(m);
  checked.set(map, { width: m.width, height: m.height, elevation: m.elevation, difficult: m.difficult, answer });
  return answer;
}

function checkFresh(m: Partial<Record<keyof GridMap, unknown>>): Refusal | null {
  const { width, height } = m;
  if (!Number.isInteger(width) || !Number.isInteger(height) || (width as number) < 1 || (height as number) < 1)
    return refuse("MalformedGrid", "the grid needs a whole, positive width and height", "STR-14");
  const n = (width as number) * (height as number);
  if (!Array.isArray(m.elevation) || m.elevation.length !== n)
    return refuse("MalformedGrid", `the grid needs ${n} elevation values`, "STR-24", { expected: n });
  if (!m.elevation.every((e) => Number.isInteger(e)))
    return refuse("MalformedGrid", "elevation is labelled in whole steps", "STR-24", { expected: n });
  if (!Array.isArray(m.difficult) || m.difficult.length !== n || !m.difficult.every((d) => d === 0 || d === 1))
    return refuse("MalformedGrid", `the grid needs ${n} difficult-terrain flags (0 or 1)`, "STR-23", { expected: n });
  return null;
}
