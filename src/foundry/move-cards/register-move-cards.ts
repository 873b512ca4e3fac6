import type { MoveEffect } from "../../core/space/move-effects.js";
import { handleAttackOpen } from "../cards/requests/attack-open.js";
import { actorByRef } from "../cards/data/card-actor-ref.js";
import { NOBODY, speakerOf } from "../cards/data/card-speaker.js";
import { deliverByQuery, gmCardContext, gmSeals, useClimbWorld } from "../cards/gm-card-context.js";
import { sceneOf } from "../canvas/check/ports-check.js";
import { worldFight } from "../canvas/fight/world-fight.js";
import type { RollMode } from "../dice/dice-tray.js";
import { gmContext as gmTurnContext } from "../combat/requests/turn-client.js";
import type { DiceCup } from "../dice/dice-tray.js";
import { foundryDiceTray } from "../dice/foundry-dice-tray.js";
import { requests } from "../requests/register-requests.js";
import { attackCardFor } from "../rulesets/index.js";
import { currentRuleset } from "../settings/ruleset.js";
import { gmMoveCard, MOVE_CARD_TYPE, offerSettled } from "./move-card-data.js";
import { MoveCardModel } from "./move-card-model.js";
import { postMoveEffects, type MoveCardPostContext } from "./move-card-post.js";
import { handleMoveCard, MOVE_CARD_REQUEST, type MoveCardRequestContext } from "./move-card-request.js";
import { offeredAttackItem } from "./offer-item.js";
import { theGame, type GamePort } from "../game/game-port.js";

/** What a move card's dice message says: HTML (v13's chat-message.hbs draws a flavour so), the mover's name as text. */
export function moveDiceFlavor(effect: MoveEffect, mover: string, game: Pick<GamePort, "i18n"> = theGame()): string {
  return game.i18n.format(`FRAY.MoveCard.Flavor.${effect.kind}`, { mover: foundry.utils.escapeHTML(mover) });
}

/** The active GM's hands for posting move cards: the tokens' actors, Foundry's dice and chat. */
const gmPostContext: MoveCardPostContext = {
  actorOf: (sceneId, tokenId) => {
    const actor = theGame().scenes.get(sceneId)?.tokens.get(tokenId)?.actor;
    return actor ? { ref: actor.uuid, name: actor.name } : undefined;
  },
  dice: foundryDiceTray,
  hidden: (sceneId, tokenId) => theGame().scenes.get(sceneId)?.tokens.get(tokenId)?.hidden === true,
  post: async (data, speaker, id, gmOnly) => {
    const message = await ChatMessage.create(
      {
        ...(id ? { _id: id } : {}),
        type: MOVE_CARD_TYPE,
        system: data,
        speaker: speakerOf(speaker.actorId, speaker.alias) ?? NOBODY,
        content: "",
        ...(gmOnly
          ? {
              whisper: theGame()
                .users.filter((u) => u.isGM)
                .map((u) => u.id),
            }
          : {}),
      } as unknown as ChatMessage.CreateData,
      id ? { keepId: true } : {},
    );
    return { id: message?.id ?? null };
  },
  get sealed() {
    return MoveCardModel.sealed;
  },
  newId: () => foundry.utils.randomID(),
  deliver: deliverByQuery,
  get seals() {
    return gmSeals();
  },
  speaker: (ref) => speakerOf(ref),
  flavor: (effect, mover) => moveDiceFlavor(effect, mover),
};

/**
 * The active GM's hands for a move card's buttons: the attack an offer opens goes through the attack card's own open.
 */
const gmRequestContext: MoveCardRequestContext = {
  message: (id) => theGame().messages.get(id) ?? undefined,
  actor: (ref) => actorByRef(ref) ?? undefined,
  user: (id) => theGame().users.get(id) ?? undefined,
  dropped: async (actorId, how, card) => (await gmCardContext.dropped(actorId, how, card)) ?? [],
  openAttack: (attackerRef, targetRef, senderId, hidden) => {
    const attacker = actorByRef(attackerRef);
    const itemId = attacker ? offeredAttackItem(attackCardFor(currentRuleset()), attacker.items.contents) : null;
    return handleAttackOpen(
      gmCardContext,
      { attackerId: attackerRef, targetId: targetRef, itemId, options: {} },
      senderId,
      {
        hidden,
        // The offer's Take has recorded the reaction's step (reaction-step.ts): the card spends nothing more.
        reacted: true,
      },
    );
  },
  fight: worldFight,
  turns: gmTurnContext,
  get sealed() {
    return MoveCardModel.sealed;
  },
  deliver: deliverByQuery,
  get seals() {
    return gmSeals();
  },
};

/**
 * On the active GM: whether a posted move card holds up no interrupted move (FAC-23): gone, no GM's card, a rolled
 * effect, or an offer taken or declined. A sealed or hidden card is read from this GM's own copy.
 */
export function moveCardSettled(messageId: string, game: Pick<GamePort, "messages"> = theGame()): boolean {
  const message = game.messages.get(messageId);
  return !message || offerSettled(gmMoveCard(message, MoveCardModel.sealed));
}

/** On the active GM, after a move it allowed: one card per fall, descent roll, free hit or opportunity attack. */
export function postMoveCards(
  sceneId: string,
  effects: readonly MoveEffect[],
  userId: string,
  rollMode: RollMode,
  checked?: DiceCup,
): Promise<string[]> {
  return postMoveEffects(gmPostContext, sceneId, effects, userId, checked, rollMode);
}

/** The move card's request (its model is registered with the other chat cards: cards/register-cards.ts). */
export function registerMoveCards(): void {
  requests().register(MOVE_CARD_REQUEST, (payload, senderId) => handleMoveCard(gmRequestContext, payload, senderId));
  // SEC-20: an attack card's damage to a climber: its fall is a move card, its climb's end the fight's step.
  useClimbWorld({
    scene: (id) => {
      const scene = theGame().scenes.get(id);
      return scene ? sceneOf(scene) : undefined;
    },
    actorRef: (token) => (token as unknown as TokenDocument.Implementation).actor?.uuid ?? null,
    fight: worldFight,
    turns: gmTurnContext,
    effects: (sceneId, effects, userId, rollMode) => postMoveCards(sceneId, effects, userId, rollMode),
  });
}
