import type { MoveWaypoint } from "./move-path.js";
import type { XY } from "../space/scene-ports.js";

/** How far a movement has gone along the path the GM allowed: the waypoints behind it, and the point it stands at. */
export interface PathCursor {
  /** How many of the path's waypoints are behind the token: the next one is `path[reached]`. */
  readonly reached: number;
  readonly at: XY;
}

export const samePoint = (a: XY, b: XY): boolean => a.x === b.x && a.y === b.y;

/** Within a pixel of the straight leg from `a` to `b`, neither behind `a` nor past `b`: where Foundry may cut a leg. */
function onLeg(p: XY, a: XY, b: XY): boolean {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  if (length2 === 0) return samePoint(p, a);
  const along = ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2;
  if (along < 0 || along > 1) return false;
  return Math.abs((p.x - a.x) * dy - (p.y - a.y) * dx) / Math.sqrt(length2) <= 1;
}

/**
 * The cursor after each waypoint of a made movement (its passed waypoints, then its pending ones), or null when they
 * do not trace the rest of the allowed path from `from`. Each waypoint is the path's next one, or a point on the leg
 * towards it with that waypoint's action: v13 cuts a movement at a region's edge there (`#splitMovementPath`). The
 * last must be the path's end, so a part of a movement cannot go anywhere the whole was not allowed to.
 */
export function traceOf(
  path: readonly MoveWaypoint[],
  from: PathCursor,
  made: readonly MoveWaypoint[],
): PathCursor[] | null {
  const out: PathCursor[] = [];
  let cursor = from;
  for (const w of made) {
    const next = path[cursor.reached];
    if (!next || w.action !== next.action) return null;
    if (samePoint(w, next)) cursor = { reached: cursor.reached + 1, at: { x: w.x, y: w.y } };
    else if (onLeg(w, cursor.at, next)) cursor = { reached: cursor.reached, at: { x: w.x, y: w.y } };
    else return null;
    out.push(cursor);
  }
  return cursor.reached === path.length ? out : null;
}
