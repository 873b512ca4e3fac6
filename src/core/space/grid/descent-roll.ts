import type { Roller } from "../../shared/roller.js";
import type { GridPiece } from "./grid-state.js";

export type DescentSkill = "endurance" | "reflex";
export type DescentResult = "success" | "failure" | "pending";

export interface DescentRoll {
  readonly skill: DescentSkill;
  readonly result: DescentResult;
  /** The character's 2d6 + modifier and the environment's 2d6 + opposition level, when rolled here. */
  readonly total?: number;
  readonly opposition?: number;
}

/** STR-26: the character chooses Endurance or Reflex; by default the better modifier. */
export function descentSkill(piece: GridPiece, chosen?: DescentSkill): DescentSkill {
  if (chosen) return chosen;
  return (piece.reflex ?? 0) > (piece.endurance ?? 0) ? "reflex" : "endurance";
}

/**
 * STR-26 ruling: both sides roll 2d6; the character adds its modifier, the environment its opposition level
 * (the elevation difference); the character must beat the environment, a tie fails (as STR-57 and STR-60).
 * A result given as input (rolled by the table) wins; with neither input nor Roller the roll stays pending.
 */
export function rollDescent(
  piece: GridPiece,
  levels: number,
  skill: DescentSkill,
  given: DescentResult | undefined,
  roller: Roller | undefined,
): DescentRoll {
  if (given) return { skill, result: given };
  if (!roller) return { skill, result: "pending" };
  const modifier = (skill === "reflex" ? piece.reflex : piece.endurance) ?? 0;
  const total = roller.die(6) + roller.die(6) + modifier;
  const opposition = roller.die(6) + roller.die(6) + levels;
  return { skill, result: total > opposition ? "success" : "failure", total, opposition };
}
