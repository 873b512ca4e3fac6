import type { DiceSpeaker } from "../../dice/dice-tray.js";
import { actorByRef } from "./card-actor-ref.js";
import { theGame, type GamePort } from "../../game/game-port.js";

/** A message that names no actor: Foundry shows its author (the GM) instead. */
export const NOBODY: DiceSpeaker = { scene: null, actor: null, token: null, alias: "" };

/**
 * Foundry's chat speaker for the actor a card names (by UUID or world id): the actor, with its token and scene when
 * it is a token's own actor, under `alias` (its name unless given). Cards and their dice speak for their actors, as
 * Foundry's own rolls do. Every client receives a message's data: an actor the GM hides (its own token hidden, or
 * every token of a linked actor) is not named, and undefined is returned, as for an actor that is gone.
 */
export function speakerOf(ref: string, alias?: string): DiceSpeaker | undefined {
  const actor = ref ? actorByRef(ref) : null;
  if (!actor || hiddenActor(actor)) return undefined;
  const token = actor.token ?? null;
  return {
    scene: token?.parent?.id ?? null,
    actor: actor.id ?? null,
    token: token?.id ?? null,
    alias: alias ?? actor.name,
  };
}

/** Whether the table sees none of the actor's tokens: its own one is hidden, or it has tokens and all are hidden. */
export function hiddenActor(actor: Actor.Implementation, game: Pick<GamePort, "scenes"> = theGame()): boolean {
  if (actor.token) return actor.token.hidden;
  const linked = game.scenes.contents.flatMap((s) =>
    s.tokens.contents.filter((t) => t.actorLink && t.actorId === actor.id),
  );
  return linked.length > 0 && linked.every((t) => t.hidden);
}
