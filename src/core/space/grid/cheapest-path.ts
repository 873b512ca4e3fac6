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
 * The search arrays of one map, made once and reused by every search on it: a search marks what it touches with its
 * own generation number instead of clearing arrays the size of the map, so it costs what its path costs. Searches
 * never nest (single-threaded, no callbacks), so one workspace per map suffices.
 */
interface Workspace {
  readonly dist: Float64Array;
  readonly prev: Int32Array;
  /** seen[i] === gen: dist[i] and prev[i] belong to this search; closed[i] === gen: node i is settled. */
  readonly seen: Uint32Array;
  readonly closed: Uint32Array;
  readonly blocked: Uint32Array;
  gen: number;
}

const workspaces = new WeakMap<GridMap, Workspace>();

function workspaceFor(map: GridMap, size: number): Workspace {
  let w = workspaces.get(map);
  if (!w || w.dist.length < size) {
    w = {
      dist: new Float64Array(size),
      prev: new Int32Array(size),
      seen: new Uint32Array(size),
      closed: new Uint32Array(size),
      blocked: new Uint32Array(size),
      gen: 0,
    };
    workspaces.set(map, w);
  }
  if (w.gen === 0xffffffff) {
    w.seen.fill(0);
    w.closed.fill(0);
    w.blocked.fill(0);
    w.gen = 0;
  }
  w.gen++;
  return w;
}

/**
 * A* (Dijkstra with the Chebyshev distance as a lower bound: every step costs at least 1) over a binary heap.
 * Under TEAM-45 a node is (cell, whether the next diagonal counts 2), since the same square can be reached at either
 * parity.
 */
export function cheapestGridPath(s: PathSearch): FoundPath | null {
  const { map, options, to, budget } = s;
  const width = map.width;
  const n = width * map.height;
  const alternating = options.ruleset === "teams";
  const layers = alternating ? 2 : 1;
  const w = workspaceFor(map, n * 2);
  const { dist, prev, seen, closed, blocked, gen } = w;
  for (const b of s.blocked) blocked[b] = gen;
  const goal = cellIndex(map, to);
  const start = cellIndex(map, s.from) * layers + (alternating && s.startOddDiagonal ? 1 : 0);
  dist[start] = 0;
  prev[start] = -1;
  seen[start] = gen;
  const heap = new BinaryHeap();
  const h = (i: number): number => Math.max(Math.abs((i % width) - to.x), Math.abs(Math.floor(i / width) - to.y));
  heap.push(h(cellIndex(map, s.from)), start);
  let found = -1;
  while (heap.size > 0) {
    const node = heap.pop();
    if (closed[node] === gen) continue;
    closed[node] = gen;
    const cell = alternating ? node >> 1 : node;
    const odd = alternating && (node & 1) === 1;
    if (cell === goal) {
      found = node;
      break;
    }
    const g = dist[node] as number;
    const cx = cell % width;
    const cy = (cell - cx) / width;
    for (const d of NEIGHBOUR_STEPS) {
      const nx = cx + d.x;
      const ny = cy + d.y;
      if (nx < 0 || ny < 0 || nx >= width || ny >= map.height) continue;
      const next = ny * width + nx;
      if (blocked[next] === gen) continue;
      const diagonal = d.x !== 0 && d.y !== 0;
      const price = stepPrice(map, cell, next, options, s.voluntary, alternating && diagonal && odd);
      const ng = g + price.cost;
      if (ng > budget) continue;
      const nextOdd = alternating && (diagonal ? !odd : odd);
      const nn = alternating ? next * 2 + (nextOdd ? 1 : 0) : next;
      if (closed[nn] === gen || (seen[nn] === gen && ng >= (dist[nn] as number))) continue;
      dist[nn] = ng;
      prev[nn] = node;
      seen[nn] = gen;
      heap.push(ng + h(next), nn);
    }
  }
  if (found < 0) return null;
  const path: GridCell[] = [];
  for (let node = found; node >= 0; node = prev[node] as number) path.push(cellAt(map, alternating ? node >> 1 : node));
  path.reverse();
  return { cost: dist[found] as number, path };
}
