import type { SectionGeometry } from "./types.js";

/** Liang-Barsky: does the segment p->q touch the rectangle r? */
export function segmentTouchesRect(px: number, py: number, qx: number, qy: number, r: SectionGeometry): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = qx - px;
  const dy = qy - py;
  const clip = (p: number, q: number): boolean => {
    if (p === 0) return q >= 0;
    const t = q / p;
    if (p < 0) {
      if (t > t1) return false;
      if (t > t0) t0 = t;
    } else {
      if (t < t0) return false;
      if (t < t1) t1 = t;
    }
    return true;
  };
  return clip(-dx, px - r.x) && clip(dx, r.x + r.w - px) && clip(-dy, py - r.y) && clip(dy, r.y + r.h - py) && t0 <= t1;
}

function samples(r: SectionGeometry): [number, number][] {
  const xs = [r.x, r.x + r.w / 2, r.x + r.w];
  const ys = [r.y, r.y + r.h / 2, r.y + r.h];
  const out: [number, number][] = [];
  for (const x of xs) for (const y of ys) out.push([x, y]);
  return out;
}

/**
 * SEC-30 (ruling): a route of sections passes when one straight segment, between sample points (corners, edge
 * midpoints, centre) of the first and last rectangles, touches every section of the route. An approximation of
 * "from anywhere to anywhere" that never curves.
 */
export function straightLineFits(route: readonly SectionGeometry[]): boolean {
  if (route.length <= 2) return true;
  const first = route[0]!;
  const last = route[route.length - 1]!;
  const middle = route.slice(1, -1);
  for (const [px, py] of samples(first))
    for (const [qx, qy] of samples(last)) if (middle.every((r) => segmentTouchesRect(px, py, qx, qy, r))) return true;
  return false;
}
