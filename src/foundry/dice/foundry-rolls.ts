import type { ShownRoll } from "./step-rolls.js";
import { theGame, type GamePort } from "../game/game-port.js";

/** What the roll was for, in the user's language, with the number it was read against when the core gave one. */
export function rollFlavor(
  shown: Pick<ShownRoll, "purpose" | "against">,
  game: Pick<GamePort, "i18n"> = theGame(),
): string {
  const what = game.i18n.localize(`FRAY.Dice.Roll.${shown.purpose}`);
  if (!shown.against) return what;
  const key = shown.against.under ? "FRAY.Dice.AtMost" : "FRAY.Dice.Against";
  return game.i18n.format(key, { roll: what, against: String(shown.against.against) });
}

/**
 * A Foundry `Roll` of a roll the core made: its terms rebuilt from their data (`RollTerm.fromData`, evaluated, with the
 * core's faces) and put together by `Roll.fromTerms`, which computes the formula and the total as for any roll. A plain
 * `Roll`, so every client rebuilds it from the message's data without a class of Fray's registered.
 */
export function foundryRoll(shown: ShownRoll) {
  const { RollTerm } = foundry.dice.terms;
  // fromData keeps what it is given (a pool's inner rolls are replaced in place): each roll gets its own copy.
  const terms = shown.terms.map((t) => RollTerm.fromData(structuredClone(t) as unknown as Record<string, unknown>));
  // A Roll's `options.flavor` is what the chat shows over that roll (Roll#_prepareChatRenderContext); the types omit
  // it.
  return Roll.fromTerms(terms, { flavor: rollFlavor(shown) } as Roll.Options);
}
