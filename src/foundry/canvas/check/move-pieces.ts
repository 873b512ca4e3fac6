import type { MoverData, TokenLike } from "./mover-data.js";
import { moverData } from "./mover-data.js";
import type { RulesetId } from "../../../core/rulesets.js";
import type { SceneLike } from "../space/scene-ports.js";
import { placeOfToken, type PlaceSpace } from "./token-place.js";

/** A token on the map, the place it stands in, and its actor's movement data. */
export type Placed = { readonly t: TokenLike; readonly at: string; readonly data: MoverData };

/** What the pieces are read from: the scene with its tokens, the mover's token, the world rule set. */
export interface PiecesInput {
  readonly scene: SceneLike & { readonly tokens: { readonly contents: readonly TokenLike[] } };
  readonly token: TokenLike;
  readonly ruleset: RulesetId;
}

/** The scene's tokens with the mover where the check starts it (the GM's audit starts it where the move began). */
export function tokensOf(input: Pick<PiecesInput, "scene" | "token">): TokenLike[] {
  return [input.token, ...input.scene.tokens.contents.filter((t) => t.id !== input.token.id)];
}

/** The scene's pieces on the map: each token with an actor (and the mover) in the section or zone it stands in. */
export function placedOf(input: PiecesInput, space: PlaceSpace, mover: MoverData): Placed[] {
  return tokensOf(input)
    .filter((t) => t.id && (t.actor || t.id === mover.id))
    .map((t) => ({
      t,
      at: placeOfToken(input.scene, space, t),
      data: t.id === mover.id ? mover : moverData(t, input.ruleset),
    }))
    .filter((e): e is typeof e & { at: string } => e.at !== null);
}
