import { theGame, type GamePort } from "../../game/game-port.js";
/**
 * The actor a card names: by UUID (a token's own actor when the token is unlinked, "Scene.….Token.….Actor.…"), or by
 * a world actor's id. Null when it names nothing, or something that is not an actor.
 */
export function actorByRef(ref: string, game: Pick<GamePort, "actors"> = theGame()): Actor.Implementation | null {
  if (!ref.includes(".")) return (game.actors.get(ref) as unknown as Actor.Implementation | undefined) ?? null;
  const doc = fromUuidSync(ref as `Actor.${string}`) as unknown;
  return doc instanceof Actor ? (doc as Actor.Implementation) : null;
}
