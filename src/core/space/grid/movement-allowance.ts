import type { MoveMode } from "../movement.js";
import { roundMovement, type GridOptions } from "./grid-options.js";
import type { GridPiece } from "./grid-state.js";

/** ESC-62: Athlete grants 2 more movement spaces. */
export const ATHLETE_BONUS = 2;

/**
 * How far a piece may move in this mode, before what it has already spent.
 * strain: Speed less the Slowed stacks (STR-19, STR-28 ruling); teams: metres as given;
 * escalation: ESC-12 halving, ESC-46 prone third, ESC-59 Maneuverer, ESC-62 Athlete.
 */
export function movementAllowance(piece: GridPiece, mode: MoveMode, options: GridOptions): number {
  if (options.ruleset === "strain") return Math.max(0, piece.speed - (piece.slowed ?? 0) * options.slowedSpeedLoss);
  if (options.ruleset === "teams") return piece.speed;
  return escalationMovement(piece, mode, options);
}

/** What an escalation unit's movement depends on (the sheet asks with the unit's numbers alone). */
export type EscalationMover = Pick<
  GridPiece,
  "speed" | "prone" | "maneuverer" | "carryingMax" | "athlete" | "boostSpaces"
>;

export function escalationMovement(piece: EscalationMover, mode: MoveMode, options: GridOptions): number {
  const base = piece.speed;
  // ESC-12 halving reasons; ESC-59 Maneuverer cancels sneaking and swimming only.
  const reasons = [
    mode === "sneak" && !piece.maneuverer,
    mode === "swim" && !piece.maneuverer,
    mode === "climb",
    piece.carryingMax === true,
  ].filter(Boolean).length;
  const halving = reasons === 0 ? 1 : options.halvingStacks ? 0.5 ** reasons : 0.5;
  // ESC-46: prone (or crawling) moves a third; rounded once at the end (ruling).
  const prone = mode === "crawl" || piece.prone === true ? 1 / 3 : 1;
  // ESC-62 Athlete and ESC-09 boosts add whole spaces after halving (as the escalation economy's moveSpaces does).
  return (
    roundMovement(base * halving * prone, options.movementRounding) +
    (piece.athlete ? ATHLETE_BONUS : 0) +
    Math.max(0, piece.boostSpaces ?? 0)
  );
}
