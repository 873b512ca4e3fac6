import { combatModeOf } from "../../rulesets/index.js";
import { blockFights, blocksOnScene, type SceneBlock } from "./scene-blocks.js";
import { climbsOnScene, type SceneClimb } from "./scene-climbs.js";

/**
 * SEC-42: the Blocks up on a scene, read from every started fight of the world.
 */
export function worldBlocks(sceneId: string): readonly SceneBlock[] {
  return blocksOnScene(blockFights(game.combats, combatModeOf), sceneId);
}

/** SEC-16: the climbs in progress on a scene, read from the same started fights. */
export function worldClimbs(sceneId: string): readonly SceneClimb[] {
  return climbsOnScene(blockFights(game.combats, combatModeOf), sceneId);
}
