import { attackWith } from "./cards/hotbar-attacks.js";
import { startAttack } from "./cards/start-attack.js";
import { requestTurn } from "./combat/requests/turn-client.js";
import { FRAY_HOOKS } from "./combat/turns/fray-hooks.js";
import { theGame, type GamePort } from "./game/game-port.js";

/** What Fray offers macros and modules, on game.system.api (documented in docs/hooks.md). */
const frayApi = Object.freeze({ requestTurn, attack: startAttack, attackWith, hooks: FRAY_HOOKS });

export function exposeApi(game: Pick<GamePort, "system"> = theGame()): void {
  Object.assign(game.system, { api: frayApi });
}
