import { SYSTEM_ID } from "./ruleset.js";
import { theGame, type GamePort } from "../game/game-port.js";

/** The world setting's key: whether a player's declared circumstances count without the GM's answer. */
const TRUST_CIRCUMSTANCES = "trustCircumstances";

/**
 * "Trust players' circumstances" (off by default): on, a player's declared circumstances count at once and they roll
 * without waiting; off, the GM confirms or changes them first (cards/requests/attack-circumstances.ts). A world
 * setting: only users who may configure the world change it, and the active GM's client reads it.
 */
export function registerTrustCircumstances(game: Pick<GamePort, "settings"> = theGame()): void {
  game.settings.register(SYSTEM_ID, TRUST_CIRCUMSTANCES, {
    name: "FRAY.Setting.TrustCircumstances.Name",
    hint: "FRAY.Setting.TrustCircumstances.Hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
  });
}

/** Whether this world trusts players' circumstances (read on the active GM's client, which handles the requests). */
export function trustsCircumstances(game: Pick<GamePort, "settings"> = theGame()): boolean {
  return game.settings.get(SYSTEM_ID, TRUST_CIRCUMSTANCES) === true;
}
