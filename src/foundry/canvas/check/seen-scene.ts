import { refuse, type Refusal } from "../../../core/shared/outcome.js";
import type { MoveSceneLike } from "./move-check.js";
import type { TokenLike } from "./mover-data.js";

/**
 * The scene as a player's client may reason about it: without the tokens the GM hides (v13 sends them to every
 * client and only hides their drawing), the mover's own token kept. The mover's own check and the ruler read it, so
 * neither refuses nor marks a move for a token the player cannot know of (ruling STR-21 in docs/rulings.md).
 */
export function seenScene(scene: MoveSceneLike, moverId: string | null, isGM: boolean): MoveSceneLike {
  const hides = (t: TokenLike) => t.hidden === true && t.id !== moverId;
  if (isGM || !scene.tokens.contents.some(hides)) return scene;
  return {
    id: scene.id,
    grid: scene.grid,
    dimensions: scene.dimensions,
    regions: scene.regions,
    walls: scene.walls,
    flags: scene.flags,
    tokens: { contents: scene.tokens.contents.filter((t) => !hides(t)) },
  };
}

/**
 * The GM's refusal as a player may hear it. One that names a token the GM hides (its id or name, in the refusal's
 * data or its reason: a hidden enemy's square, STR-21) says only that the move cannot be made there: the rules still
 * stop the move, and the player learns nothing of what stands there. A GM hears the whole refusal.
 */
export function refusalSeen<R extends Pick<Refusal, "key" | "reason" | "data">>(
  refusal: R,
  tokens: readonly TokenLike[],
  moverId: string | null,
  isGM: boolean,
): R | Refusal {
  if (isGM) return refusal;
  const said = [refusal.reason, ...Object.values(refusal.data ?? {}).map(String)];
  const names = (t: TokenLike) => [t.id, t.name].filter((n): n is string => typeof n === "string" && n !== "");
  const hidden = tokens.filter((t) => t.hidden === true && t.id !== moverId).flatMap(names);
  if (!hidden.some((n) => said.some((s) => s === n || (n.length >= 8 && s.includes(n))))) return refusal;
  return refuse("CannotMoveThere", "the move cannot be made there");
}
