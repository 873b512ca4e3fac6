import { alternatingDistance, gridDistance, isAdjacent } from "../../core/space/grid/distance.js";
import type { GridMap } from "../../core/space/grid/grid-map.js";
import type { GridOptions } from "../../core/space/grid/grid-options.js";
import { stepPrice } from "../../core/space/grid/step-cost.js";
import type { MoveMode } from "../../core/space/movement.js";
import { cellOf, type CellFrame } from "./rasterise-scene.js";
import type { Offset } from "./scene-ports.js";

/** Foundry's movement cost function for one action: the cost of the move between two grid offsets (nonnegative). */
export type StepCost = (baseCost: number, from: Offset, to: Offset, distance: number) => number;

/**
 * The cost of each step of a token's path on a grid scene, in squares (metres under teams), from the core:
 * `stepPrice` for a step to an adjacent square (STR-15 one square; STR-23 one more to leave Difficult Terrain; STR-25
 * one more per level beyond the first, up or down; TEAM-45 every second diagonal 2), and a Teleport's distance
 * (STR-22). Foundry calls it step by step along each path it measures, in order, so the TEAM-45 count runs through
 * the path and starts again when a step does not continue the last one (a new path). A step off the scene's
 * rectangle, or one that only changes the token's elevation, is left at Foundry's own measure.
 */
export function gridStepCost(frame: CellFrame, map: GridMap, options: GridOptions, mode: MoveMode): StepCost {
  const alternating = options.ruleset === "teams";
  let last: Offset | null = null;
  let oddDiagonal = false;
  return (baseCost, from, to) => {
    if (!last || last.i !== from.i || last.j !== from.j) oddDiagonal = false;
    last = to;
    const a = cellOf(frame, from);
    const b = cellOf(frame, to);
    if (a < 0 || b < 0) return baseCost;
    const ca = { x: from.j - frame.j0, y: from.i - frame.i0 };
    const cb = { x: to.j - frame.j0, y: to.i - frame.i0 };
    if (ca.x === cb.x && ca.y === cb.y) return 0;
    if (mode === "teleport") return alternating ? alternatingDistance(ca, cb) : gridDistance(ca, cb);
    if (!isAdjacent(ca, cb)) return baseCost;
    const diagonal = ca.x !== cb.x && ca.y !== cb.y;
    const price = stepPrice(map, a, b, options, true, alternating && diagonal && oddDiagonal);
    if (diagonal) oddDiagonal = !oddDiagonal;
    return price.cost;
  };
}
