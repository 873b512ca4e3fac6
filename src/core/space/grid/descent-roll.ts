import { rollDice, type DiceRoll } from "../../dice/dice-roll.js";
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
  /** The two 2d6 rolls themselves, when rolled here, for the chat to show as the table would have rolled them. */
  readonly rolls?: DescentRolls;
}

/** STR-26's contest as rolled: the character's 2d6 + modifier and the environment's 2d6 + the levels dropped. */
export interface DescentRolls {
  readonly character: DiceRoll;
  readonly environment: DiceRoll;
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
  return { skill, ...contestDescent(descentModifier(piece, skill), levels, roller) };
}

/** The character's modifier for the descent roll in the chosen skill (0 when it has none). */
export function descentModifier(piece: Pick<GridPiece, "reflex" | "endurance">, skill: DescentSkill): number {
  return (skill === "reflex" ? piece.reflex : piece.endurance) ?? 0;
}

/** STR-26 ruling: 2d6 + modifier against the environment's 2d6 + the levels dropped; a tie fails. */
export function contestDescent(
  modifier: number,
  levels: number,
  roller: Roller,
): {
  readonly result: "success" | "failure";
  readonly total: number;
  readonly opposition: number;
  readonly rolls: DescentRolls;
} {
  // The same four dice in the same order as ever: the character's two, then the environment's.
  const character = rollDice(roller, 2, 6, modifier);
  const environment = rollDice(roller, 2, 6, levels);
  const total = character.total;
  const opposition = environment.total;
  return { result: total > opposition ? "success" : "failure", total, opposition, rolls: { character, environment } };
}

/**
 * STR-27/STR-28: a failed descent gives +1 Slowed, which costs `speedLoss` squares of Speed; when the movement already
 * spent (in a voluntary move) reaches the new Speed, the character also gains +1 Dazed and cannot move further.
 */
export function descentFailure(
  speed: number,
  spent: number,
  speedLoss: number,
  voluntary: boolean,
): { readonly speed: number; readonly slowed: 1; readonly dazed: 0 | 1 } {
  const next = Math.max(0, speed - speedLoss);
  return { speed: next, slowed: 1, dazed: voluntary && spent >= next ? 1 : 0 };
}
