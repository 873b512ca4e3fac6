import { alternatingDistance, gridDistance, isAdjacent } from "../../../core/space/grid/distance.js";
import type { GridMap } from "../../../core/space/grid/grid-map.js";
import type { GridOptions } from "../../../core/space/grid/grid-options.js";
import { stepPrice } from "../../../core/space/grid/step-cost.js";
import type { MoveMode } from "../../../core/space/movement.js";
import { cellOf, type CellFrame } from "../space/rasterise-scene.js";
import type { Offset } from "../space/scene-ports.js";

/** What Foundry passes as a step's segment: the waypoint its leg goes to, with the token's size there, in squares. */
interface StepSegment {
  readonly width?: number;
  readonly height?: number;
}

/** Foundry's movement cost function for one action: the cost of the move between two grid offsets (nonnegative). */
export type StepCost = (baseCost: number, from: Offset, to: Offset, distance: number, segment?: StepSegment) => number;

/**
 * The cost of each step of a token's path on a grid scene, in squares (metres under teams), from the core:
 * `stepPrice` for a step to an adjacent square (STR-15 one square; STR-23 one more to leave Difficult Terrain; STR-25
 * one more per level beyond the first, up or down; TEAM-45 every second diagonal 2), and a Teleport's distance
 * (STR-22). A step is priced for the square under the token's centre, as the GM's check moves a token, however many
 * squares it covers: every call Foundry makes for the step answers that one price, so the median is it. Foundry
 * measures step by step along each path, in order, so the TEAM-45 count runs through the path and starts again when a
 * step does not continue the last one (a new path). A step off the scene's rectangle, or one that only changes the
 * token's elevation, is left at Foundry's own measure.
 */
export function gridStepCost(frame: CellFrame, map: GridMap, options: GridOptions, mode: MoveMode): StepCost {
  const alternating = options.ruleset === "teams";
  // A copy: Foundry reuses its offset objects from call to call.
  let last: Offset | null = null;
  let oddDiagonal = false;
  let leg: StepSegment | undefined;
  let call = 0;
  let price: number | null = null;

  const priceStep = (from: Offset, to: Offset): number | null => {
    if (!last || last.i !== from.i || last.j !== from.j) oddDiagonal = false;
    last = to;
    const a = cellOf(frame, from);
    const b = cellOf(frame, to);
    if (a < 0 || b < 0) return null;
    const ca = { x: from.j - frame.j0, y: from.i - frame.i0 };
    const cb = { x: to.j - frame.j0, y: to.i - frame.i0 };
    if (ca.x === cb.x && ca.y === cb.y) return null;
    if (mode === "teleport") return alternating ? alternatingDistance(ca, cb) : gridDistance(ca, cb);
    if (!isAdjacent(ca, cb)) return null;
    const diagonal = ca.x !== cb.x && ca.y !== cb.y;
    const step = stepPrice(map, a, b, options, true, alternating && diagonal && oddDiagonal);
    if (diagonal) oddDiagonal = !oddDiagonal;
    return step.cost;
  };

  return (baseCost, from, to, _distance, segment) => {
    // Foundry asks once per square the token covers (one for a token of a square or less), row by row, top-left
    // first (client/documents/token.mjs #createSquareMovementCostFunction), then takes the median.
    const [width, height] = [segment?.width ?? 1, segment?.height ?? 1];
    if (segment !== leg) [leg, call] = [segment, 0];
    // The first call of a step is the token's top-left square: the step is priced then, for its centre square.
    const [di, dj] = [Math.floor(height / 2), Math.floor(width / 2)];
    if (call === 0) price = priceStep({ i: from.i + di, j: from.j + dj }, { i: to.i + di, j: to.j + dj });
    call = (call + 1) % (Math.ceil(width) * Math.ceil(height));
    return price ?? baseCost;
  };
}
