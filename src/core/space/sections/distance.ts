import type { HalfEdge, SectionGraph } from "./section-graph.js";

/** Which borders a breadth-first search may cross. */
export type BorderFilter = (e: HalfEdge) => boolean;
export const softOnly: BorderFilter = (e) => !e.hard;
export const anyBorder: BorderFilter = () => true;

/** Breadth-first distances (in borders crossed) from one section index; -1 where unreachable. */
export function bfsFrom(graph: SectionGraph, from: number, pass: BorderFilter = softOnly, stopAt = -1): Int32Array {
  const n = graph.sections.length;
  const dist = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  dist[from] = 0;
  queue[tail++] = from;
  while (head < tail) {
    const s = queue[head++]!;
    if (s === stopAt) break;
    const d = dist[s]! + 1;
    for (const e of graph.adjacency[s]!) {
      if (dist[e.to] !== -1 || !pass(e)) continue;
      dist[e.to] = d;
      queue[tail++] = e.to;
    }
  }
  return dist;
}

/**
 * SEC-25: the distance between two sections is the least number of soft borders crossed to travel between them.
 * Null when a section is unknown or cannot be reached across soft borders.
 */
export function distance(graph: SectionGraph, a: string, b: string): number | null {
  const ia = graph.sectionIndex.get(a);
  const ib = graph.sectionIndex.get(b);
  if (ia === undefined || ib === undefined) return null;
  if (ia === ib) return 0;
  const d = bfsFrom(graph, ia, softOnly, ib)[ib]!;
  return d < 0 ? null : d;
}

/** Every shortest route (as half-edge lists) from `from` to `to` across borders that pass, up to `limit` routes. */
export function shortestRoutes(
  graph: SectionGraph,
  from: number,
  to: number,
  pass: BorderFilter,
  limit = 64,
): HalfEdge[][] {
  if (from === to) return [[]];
  // Distances back from the target let a forward walk follow only edges that stay on a shortest route.
  const back = bfsFrom(graph, to, pass);
  if (back[from]! < 0) return [];
  const routes: HalfEdge[][] = [];
  const walk = (s: number, acc: HalfEdge[]): void => {
    if (routes.length >= limit) return;
    if (s === to) {
      routes.push([...acc]);
      return;
    }
    for (const e of graph.adjacency[s]!) {
      if (!pass(e) || back[e.to] !== back[s]! - 1) continue;
      // Borders are symmetric in kind, so an edge that passes one way passes the other.
      acc.push(e);
      walk(e.to, acc);
      acc.pop();
    }
  };
  walk(from, []);
  return routes;
}
