import { manifestOf } from "../../rulesets/index.js";
import { currentRuleset } from "../../settings/ruleset.js";
import type { SceneLike } from "./scene-ports.js";
import { compileScene } from "./scene-space.js";
import { SpaceCache } from "./space-cache.js";

let cache: SpaceCache | null = null;

/** Make this client's cache of compiled scenes (at init, by `registerCanvas`). */
export function makeSpaces(): SpaceCache {
  cache = new SpaceCache((scene: SceneLike) => compileScene(scene, manifestOf(currentRuleset()).space));
  return cache;
}

/** This client's compiled scenes, read by the move checks and the attack cards' map. */
export function spaces(): SpaceCache {
  if (!cache) throw new Error("Fray | spaces() called before init");
  return cache;
}
