import type { MoveSceneLike } from "./move-check.js";
import type { TokenLike } from "./mover-data.js";

/**
 * A v13 Scene as the canvas room reads it: tsc checks here that the real documents fit the ports the fakes implement.
 */
export function sceneOf(
  scene: Scene.Implementation,
): MoveSceneLike & { readonly tokens: { get(id: string): TokenLike | undefined } } {
  return scene;
}

export function tokenOf(token: TokenDocument.Implementation): TokenLike {
  return token;
}
