import { BinaryHeap } from "../binary-heap.js";
import type { GridCell } from "./grid-cell.js";
import { cellAt, cellIndex, type GridMap } from "./grid-map.js";
import type { GridOptions } from "./grid-options.js";
import { stepPrice } from "./step-cost.js";
import { NEIGHBOUR_STEPS } from "./distance.js";

export interface PathSearch {
  readonly map: GridMap;
  readonly options: GridOptions;
  readonly from: GridCell;
  readonly to: GridCell;
  /** Flat-index cells that cannot be entered (STR-21 enemies). */
  readonly blocked: readonly number[];
  /** Most movement the path may cost (STR-19); Infinity for a push. */
  readonly budget: number;
  readonly voluntary: boolean;
  /** TEAM-45: is the next diagonal a 2 m one? */
  readonly startOddDiagonal: boolean;
}

export interface FoundPath {
  readonly cost: number;
  readonly path: readonly GridCell[];
}

/**
 * A* (Dijkstra with the Chebyshev distance as a lower bound: every step costs at least 1) over a binary heap.
 * Under TEAM-45 a node is (cell, whether the next diagonal counts 2), since the same square can be reached at either parity.
 */
export function cheapestGridPath(s: PathSearch): FoundPath | null {
  const { map, options, to, budget } = s;
  const n = map.width * map.height;
  const alternating = options.ruleset === "teams";
  const layers = alternating ? 2 : 1;
  const dist = new Float64Array(n * layers).fill(Number.POSITIVE_INFINITY);
  const prev = new Int32Array(n * layers).fill(-1);
  const closed = new Uint8Array(n * layers);
  const blocked = new Uint8Array(n);
  for (const b of s.blocked) blocked[b] = 1;
  const goal = cellIndex(map, to);
  const start = cellIndex(map, s.from) * layers + (alternating && s.startOddDiagonal ? 1 : 0);
  dist[start] = 0;
  const heap = new BinaryHeap();
  const h = (i: number): number => Math.max(Math.abs((i % map.width) - to.x), Math.abs(Math.floor(i / map.width) - to.y));
  heap.push(h(cellIndex(map, s.from)), start);
  let found = -1;
  while (heap.size > 0) {
    const node = heap.pop();
    if (closed[node] === 1) continue;
    closed[node] = 1;
    const cell = alternating ? node >> 1 : node;
    const odd = alternating && (node & 1) === 1;
    if (cell === goal) {
      found = node;
      break;
    }
    const g = dist[node] as number;
    const cx = cell % map.width;
    const cy = (cell - cx) / map.width;
    for (const d of NEIGHBOUR_STEPS) {
      const nx = cx + d.x;
      const ny = cy + d.y;
      if (nx < 0 || ny < 0 || nx >= map.width || ny >= map.height) continue;
      const next = ny * map.width + nx;
      if (blocked[next] === 1) continue;
      const diagonal = d.x !== 0 && d.y !== 0;
      const price = stepPrice(map, cell, next, options, s.voluntary, alternating && diagonal && odd);
      const ng = g + price.cost;
      if (ng > budget) continue;
      const nextOdd = alternating && (diagonal ? !odd : odd);
      const nn = alternating ? next * 2 + (nextOdd ? 1 : 0) : next;
      if (closed[nn] === 1 || ng >= (dist[nn] as number)) continue;
      dist[nn] = ng;
      prev[nn] = node;
      heap.push(ng + h(next), nn);
    }
  }
  if (found < 0) return null;
  const path: GridCell[] = [];
  for (let node = found; node >= 0; node = prev[node] as number) path.push(cellAt(map, alternating ? node >> 1 : node));
  path.reverse();
  return { cost: dist[found] as number, path };
}
