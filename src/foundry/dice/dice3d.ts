import { theGame, type Dice3dLike, type GamePort } from "../game/game-port.js";

/** Dice So Nice's API on this client, if the module is active. */
export const dice3d = (game: Pick<GamePort, "dice3d"> = theGame()): Dice3dLike | undefined => game.dice3d;
