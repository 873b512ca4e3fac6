import type { SimSide } from "./types.js";

/** The engines end a fight with a list of victor sides: one side is a winner, anything else a draw. */
export function winnerOf(victors: readonly string[]): SimSide | null {
  return victors.length === 1 && (victors[0] === "a" || victors[0] === "b") ? victors[0] : null;
}
