import { currentRuleset } from "../settings/ruleset.js";
import { registerRegionBehaviours } from "./region-behaviour-models.js";
import { movementActionsFor } from "./register-movement-actions.js";
import type { SceneLike } from "./scene-ports.js";
import { compileScene } from "./scene-space.js";
import { SpaceCache } from "./space-cache.js";
import { addSpaceModelField } from "./space-model-field.js";

let cache: SpaceCache | null = null;

/** This client's compiled scenes (made at init by `registerCanvas`). */
export function spaces(): SpaceCache {
  if (!cache) throw new Error("Fray | spaces() called before init");
  return cache;
}

/** Token movement on the canvas: the Region behaviours, the scene setting and the per-scene space cache. */
export function registerCanvas(): void {
  registerRegionBehaviours();
  cache = new SpaceCache((scene: SceneLike) => compileScene(scene, currentRuleset()));
  cache.watch(Hooks as unknown as Parameters<SpaceCache["watch"]>[0]);
  // The rule set's movement actions replace Foundry's (jump, burrow, blink are no rule set's words); displace stays.
  const actions = movementActionsFor(currentRuleset(), cache, CONFIG.Token.movement.actions.displace);
  CONFIG.Token.movement.actions = actions as unknown as typeof CONFIG.Token.movement.actions;
  Hooks.on("renderSceneConfig", (app, html) =>
    addSpaceModelField(app.document, html, currentRuleset(), (key, data) => (data ? game.i18n.format(key, data) : game.i18n.localize(key))),
  );
}

/** A v13 Scene as the canvas room reads it (tsc checks that the real documents fit the ports). */
export function sceneOf(scene: Scene.Implementation): SceneLike {
  return scene;
}
