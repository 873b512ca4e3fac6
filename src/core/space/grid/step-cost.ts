import type { GridMap } from "./grid-map.js";
import type { GridOptions } from "./grid-options.js";

/** What one step between adjacent cells (flat indices) costs, and whether it needs a descent roll. */
export interface StepPrice {
  readonly cost: number;
  /** Levels dropped when the drop is taken with a descent roll (STR-26, STR-29); 0 when no roll. */
  readonly descent: number;
}

/**
 * STR-15 1 per step; STR-23 +1 for leaving Difficult Terrain; STR-25 one level up or down free, +1 per further level;
 * STR-26 a voluntary drop of 2+ levels may be taken at no extra cost with a roll; STR-29 an involuntary one always
 * rolls. TEAM-45: `doubleDiagonal` makes this diagonal count 2.
 */
export function stepPrice(
  map: GridMap,
  from: number,
  to: number,
  options: GridOptions,
  voluntary: boolean,
  doubleDiagonal: boolean,
): StepPrice {
  let cost = doubleDiagonal ? 2 : 1;
  if (map.difficult[from] === 1) cost += options.difficultTerrainExtra;
  let descent = 0;
  if (options.ruleset === "strain") {
    const d = (map.elevation[to] ?? 0) - (map.elevation[from] ?? 0);
    if (d >= 2) cost += d - 1;
    else if (d <= -2) {
      if (voluntary && options.descentChoice === "pay") cost += -d - 1;
      else descent = -d;
    }
  }
  return { cost, descent };
}
