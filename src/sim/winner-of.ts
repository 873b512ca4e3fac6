import type { SimSide } from "./types.js";

const PLAIN = { a: "a", b: "b" } as const;

/**
 * The engines end a fight with a list of victor sides: one side is a winner, anything else a draw. `sides` names the
 * engine's sides for a and b (a resumed fight keeps the combat's own side ids).
 */
export function winnerOf(
  victors: readonly string[],
  sides: { readonly a: string; readonly b: string } = PLAIN,
): SimSide | null {
  if (victors.length !== 1) return null;
  return victors[0] === sides.a ? "a" : victors[0] === sides.b ? "b" : null;
}
