import { isRecord } from "../../../core/shared/guards.js";
import { refuse, type Refusal } from "../../../core/shared/outcome.js";
import type { XY } from "../space/scene-ports.js";
import type { WallIndex } from "../space/wall-crossing.js";

/**
 * One waypoint of a move as the mover's client sends it: the token's top-left corner and the action taken to get there.
 */
export interface MoveWaypoint {
  readonly x: number;
  readonly y: number;
  readonly action: string;
}

/** More waypoints than a real drag makes; a longer list is refused before any work. */
const MAX_WAYPOINTS = 500;
const MAX_COORD = 1e7;

/**
 * The waypoints of an untrusted payload, or null when any is malformed: whole lists only, finite coordinates within
 * reach, a short action name. Nothing else a waypoint carries (the cost the client measured, above all) is read.
 */
export function readWaypoints(list: unknown): MoveWaypoint[] | null {
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_WAYPOINTS) return null;
  const out: MoveWaypoint[] = [];
  for (const w of list) {
    if (!isRecord(w)) return null;
    const x = Object.hasOwn(w, "x") ? w.x : undefined;
    const y = Object.hasOwn(w, "y") ? w.y : undefined;
    const action = Object.hasOwn(w, "action") ? w.action : undefined;
    if (typeof x !== "number" || typeof y !== "number" || !Number.isFinite(x) || !Number.isFinite(y)) return null;
    if (Math.abs(x) > MAX_COORD || Math.abs(y) > MAX_COORD) return null;
    if (typeof action !== "string" || action === "" || action.length > 40) return null;
    out.push({ x, y, action });
  }
  return out;
}

/** A stretch of the move: from one token centre to the next, with the action that covers it. */
interface Leg {
  readonly from: XY;
  readonly to: XY;
  readonly action: string;
  /** The index of the waypoint the leg ends at (a cut move keeps the waypoints before it). */
  readonly w: number;
}

/** The legs from where the token stands (the GM's document, never the client's word) through each waypoint. */
export function legsOf(start: XY, waypoints: readonly MoveWaypoint[], centre: (topLeft: XY) => XY): Leg[] {
  const legs: Leg[] = [];
  let from = start;
  waypoints.forEach((w, k) => {
    const to = centre(w);
    if (to.x !== from.x || to.y !== from.y) legs.push({ from, to, action: w.action, w: k });
    from = to;
  });
  return legs;
}

/**
 * Foundry stops walking tokens at walls by their centre's straight line; a forged move that goes through one is
 * refused.
 */
export function wallInTheWay(
  legs: readonly Leg[],
  walls: WallIndex,
  ignoresWalls: (action: string) => boolean,
): Refusal | null {
  for (const leg of legs)
    if (!ignoresWalls(leg.action) && walls.blocks(leg.from, leg.to))
      return refuse("WallInTheWay", "a wall stands in the way of the move", undefined, {
        x: Math.round(leg.to.x),
        y: Math.round(leg.to.y),
      });
  return null;
}

/** Consecutive legs taken with the same action: the core checks each as one move, in order. */
export interface Run {
  readonly action: string;
  readonly legs: readonly Leg[];
}

export function runsOf(legs: readonly Leg[]): Run[] {
  const runs: { action: string; legs: Leg[] }[] = [];
  for (const leg of legs) {
    const last = runs[runs.length - 1];
    if (last && last.action === leg.action) last.legs.push(leg);
    else runs.push({ action: leg.action, legs: [leg] });
  }
  return runs;
}
