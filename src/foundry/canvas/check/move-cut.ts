import type { MoveWaypoint, Run } from "./move-path.js";
import type { GridLike, Offset, XY } from "../space/scene-ports.js";

/**
 * One point a run passes: the grid offset (none on a gridless scene), the token centre there, and its leg in the run.
 */
export interface RunPoint {
  readonly offset: Offset | null;
  readonly centre: XY;
  readonly leg: number;
}

/**
 * The points a run passes, in order, each with the leg it lies on: every square of the way on a grid (both ends of a
 * leg for a teleport), else points a quarter of the grid size apart (just the ends for a teleport). The check asks the
 * core about these, and a move the core cuts short is cut at one of them.
 */
export function pointsOf(run: Run, grid: GridLike, teleport: boolean): RunPoint[] {
  const out: RunPoint[] = [];
  run.legs.forEach((leg, k) => {
    if (!grid.isGridless) {
      const a = grid.getOffset(leg.from);
      const b = grid.getOffset(leg.to);
      const passed = teleport ? [a, b] : grid.getDirectPath([a, b]);
      for (const o of k === 0 ? passed : passed.slice(1))
        out.push({ offset: o, centre: grid.getCenterPoint(o), leg: k });
      return;
    }
    if (k === 0) out.push({ offset: null, centre: leg.from, leg: 0 });
    const spacing = Math.max(1, grid.size / 4);
    const steps = teleport
      ? 1
      : Math.max(1, Math.ceil(Math.hypot(leg.to.x - leg.from.x, leg.to.y - leg.from.y) / spacing));
    for (let s = 1; s <= steps; s++)
      out.push({
        offset: null,
        centre: {
          x: leg.from.x + ((leg.to.x - leg.from.x) * s) / steps,
          y: leg.from.y + ((leg.to.y - leg.from.y) * s) / steps,
        },
        leg: k,
      });
  });
  return out;
}

/** Items without repeats in a row, with the index of the last original item of each kept one (where a visit ends). */
export function collapseWithEnds<T>(
  items: readonly T[],
  same: (a: T, b: T) => boolean,
): { items: T[]; ends: number[] } {
  const kept: T[] = [];
  const ends: number[] = [];
  items.forEach((item, k) => {
    if (kept.length > 0 && same(kept[kept.length - 1]!, item)) ends[ends.length - 1] = k;
    else {
      kept.push(item);
      ends.push(k);
    }
  });
  return { items: kept, ends };
}

/**
 * The waypoints of a move cut short at a point of one of its runs: every waypoint before the point's leg, then the
 * point itself as the token's top-left corner, with the run's action. None when the cut leaves the token where it
 * stands (it does not move at all).
 */
export function cutWaypoints(
  waypoints: readonly MoveWaypoint[],
  run: Run,
  point: RunPoint,
  half: XY,
  start: XY,
): MoveWaypoint[] {
  const leg = run.legs[point.leg]!;
  const kept = waypoints.slice(0, leg.w);
  const x = point.centre.x - half.x;
  const y = point.centre.y - half.y;
  const before = kept[kept.length - 1] ?? start;
  if (before.x !== x || before.y !== y) kept.push({ x, y, action: run.action });
  return kept.some((w) => w.x !== start.x || w.y !== start.y) ? kept : [];
}
