import { newlyRolled, showRollsHere } from "./chat-rolls.js";
import { dice3d } from "./dice3d.js";
import { gameIfAny, type GamePort } from "../game/game-port.js";

/**
 * A viewer's client (a private or self roll's roller) received a sealed card: its new dice roll in 3D here, for this
 * client's user, `synchronize` false so Dice So Nice sends them nowhere else (chat-rolls.ts, `newlyRolled` says which).
 * Nothing without Dice So Nice, or outside Foundry where there is no `game`.
 */
export function showSealedDice(
  held: unknown,
  data: unknown,
  game: Pick<GamePort, "user" | "dice3d"> | undefined = gameIfAny(),
): void {
  const api = game && dice3d(game);
  if (!game || !api) return;
  const user = game.user;
  showRollsHere(api, user, newlyRolled(held, data), null).catch((e: unknown) =>
    console.warn("Fray | a sealed card's dice were not shown", e),
  );
}
