import { loadedCombatMode } from "../combat/mode-registry.js";
import { blockFights, blocksOnScene, type SceneBlock } from "./scene-blocks.js";

/**
 * SEC-42: the Blocks up on a scene, read from every started fight of the world whose turn order has loaded (the world's
 * own is preloaded at init; the GM's move handler loads every started fight's first: loadStartedFights).
 */
export function worldBlocks(sceneId: string): readonly SceneBlock[] {
  return blocksOnScene(blockFights(game.combats, loadedCombatMode), sceneId);
}
