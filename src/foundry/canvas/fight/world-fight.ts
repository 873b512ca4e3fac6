import { combatModeOf } from "../../rulesets/index.js";
import { sceneFight, type CombatOnScene, type SceneFight } from "./scene-fight.js";

/** The fight on a scene, read from every started combat of the world (the one function the adapters call). */
export function worldFight(sceneId: string): SceneFight {
  return sceneFight(game.combats as Iterable<CombatOnScene>, combatModeOf, sceneId);
}
