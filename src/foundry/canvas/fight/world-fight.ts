import { combatModeOf } from "../../rulesets/index.js";
import { sceneFight, type SceneFight } from "./scene-fight.js";
import { theGame, type GamePort } from "../../game/game-port.js";

/** The fight on a scene, read from every started combat of the world (the one function the adapters call). */
export function worldFight(sceneId: string, game: Pick<GamePort, "combats"> = theGame()): SceneFight {
  return sceneFight(game.combats, combatModeOf, sceneId);
}
