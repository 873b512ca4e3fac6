import { refuse, type Refusal } from "../../shared/outcome.js";
import { coverFrom } from "./cover.js";
import { gridDistance, isAdjacent } from "./distance.js";
import { isFlanking } from "./flanking.js";
import type { GridOptions } from "./grid-options.js";
import { pieceById, type GridState } from "./grid-state.js";
import { inMeleeZone } from "./melee-zone.js";
import { rangedBanes } from "./ranged-bane.js";

/**
 * How an attack reaches on the grid: "zone" must find its target in the attacker's melee zone (ESC-37, ESC-60 Reach;
 * the melee attack's reach, ruling ESC-37), "range" at a distance of at most `range` squares (STR-18; escalation's
 * ranged weapons by the same count, ruling ESC-37), "any" is not checked (the teams text gives no range).
 */
export interface GridAttackQuery {
  readonly attacker: string;
  readonly target: string;
  readonly reach: "zone" | "range" | "any";
  readonly range: number;
}

/** What the map decides of an attack on the grid: the facts each rule set's declaration takes as its options. */
export interface GridAttackFacts {
  readonly ok: true;
  /** STR-16: squares between the two. */
  readonly distance: number;
  /** ESC-34: the attacker stands in the target unit's melee zone. */
  readonly attackerInTargetZone: boolean;
  /** STR-42: enemies adjacent to the attacker (a Ranged ability takes a Bane for each). */
  readonly adjacentEnemies: number;
  /** STR-45: the target has Cover from the attacker (asked for Physical Attacks only). */
  readonly cover: boolean;
  /** ESC-16 ruling: an ally of the attacker stands behind the target. */
  readonly flanking: boolean;
  /** TEAM-57 ruling: the target is surrounded on two opposite sides by its enemies. */
  readonly surrounded: boolean;
}

/** The pairs of opposite squares around a square: left/right, up/down and the two diagonals. */
const OPPOSITE_PAIRS = [
  [1, 0],
  [0, 1],
  [1, 1],
  [1, -1],
] as const;

/**
 * Can the attack reach its target on the grid, and what does the map decide of it? A refusal names the clause:
 * STR-18 beyond the range, ESC-37 outside the melee zone, STR-49 an Obstructed line (Physical Attacks).
 */
export function gridAttackReach(
  state: GridState,
  q: GridAttackQuery,
  options: GridOptions,
  physical = true,
): GridAttackFacts | Refusal {
  const attacker = pieceById(state, q.attacker);
  const target = pieceById(state, q.target);
  if (!attacker || !target) return refuse("NotOnTheMap", "the attacker or the target stands on no square of the map");
  const distance = gridDistance(attacker.cell, target.cell);
  if (q.reach === "zone" && !inMeleeZone(attacker, target.cell))
    return refuse("OutOfReach", `the target is ${distance} squares away, outside the melee zone`, "ESC-37", {
      distance,
    });
  if (q.reach === "range" && distance > q.range)
    return refuse("OutOfRange", `range ${q.range} does not reach distance ${distance}`, "STR-18", {
      range: q.range,
      distance,
    });
  const covered = physical ? coverFrom(state, target.cell, attacker.cell, options) : null;
  if (covered?.obstructed) return refuse("Obstructed", "the line to the target is Obstructed", "STR-49");
  const enemy = (side: string) => (p: { side: string }) => p.side !== side;
  const surrounded = OPPOSITE_PAIRS.some(([dx, dy]) =>
    [1, -1].every((s) =>
      state.pieces.some(
        (p) =>
          enemy(target.side)(p) &&
          isAdjacent(p.cell, target.cell) &&
          p.cell.x === target.cell.x + s * dx &&
          p.cell.y === target.cell.y + s * dy,
      ),
    ),
  );
  return {
    ok: true,
    distance,
    attackerInTargetZone: inMeleeZone(target, attacker.cell),
    adjacentEnemies: rangedBanes(state, attacker),
    cover: covered?.cover ?? false,
    flanking: isFlanking(state, attacker, target, options),
    surrounded,
  };
}
