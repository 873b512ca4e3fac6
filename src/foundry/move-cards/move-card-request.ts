import { isRecord } from "../../core/shared/guards.js";
import { isOfferedEffect, isRolledEffect } from "../../core/space/move-effects.js";
import type { SceneFight } from "../canvas/fight/scene-fight.js";
import type { TurnRequestContext } from "../combat/requests/turn-request.js";
import { carryOut, takeBack } from "../cards/requests/apply-plan.js";
import { giveBackApplied } from "../cards/requests/attack-turn.js";
import type { CardSpent } from "../cards/data/attack-card-data.js";
import type { CardActorLike, CardMessageLike } from "../cards/data/card-ports.js";
import type { UserLike } from "../combat/fight/ports.js";
import { OneAtATime } from "../requests/one-at-a-time.js";
import { deny, type RequestAnswer } from "../requests/request-answer.js";
import {
  MOVE_CARD_ACTIONS,
  MOVE_CARD_TYPE,
  readMoveCard,
  type MoveCardAction,
  type MoveCardData,
} from "./move-card-data.js";
import { moveCardPlan } from "./move-card-plan.js";
import { spendReaction } from "./reaction-step.js";
import { readSealed, type Seal, type SealedStore, type SealedView } from "../cards/sealed/sealed-card.js";
import { deliverSealed, type DeliverSealed } from "../cards/sealed/sealed-delivery.js";
import { sealRevision } from "../cards/sealed/sealed-seal.js";
import { madeByGm, notMadeByGm } from "../cards/data/card-trust.js";

/** The request name a move card's buttons travel under on Fray's request channel. */
export const MOVE_CARD_REQUEST = "moveCard";

/** How the active GM's client finds what a move card request names, and opens the attack an offer gives. */
export interface MoveCardRequestContext {
  readonly message: (id: string) => CardMessageLike | undefined;
  readonly actor: (ref: string) => CardActorLike | undefined;
  readonly user: (id: string) => UserLike | undefined;
  /**
   * Tell the fight an actor dropped out, as the GM (cards/gm-card-context.ts): the steps name the card, and the steps
   * recorded come back for the card's undo.
   */
  readonly dropped: (actorId: string, how: "unable" | "out", card: string) => Promise<readonly CardSpent[]>;
  /**
   * Open the attack card of `attackerRef` against `targetRef` for the sender, as the sheet's Attack button does;
   * `hidden` for a hidden token's offer, whose attack card stays on the GMs' clients (cards/requests/attack-open.ts,
   * OpenHow).
   */
  readonly openAttack: (
    attackerRef: string,
    targetRef: string,
    senderId: string,
    hidden: boolean,
  ) => Promise<RequestAnswer>;
  /**
   * The fight on a scene (who stands in it, their turns), and the turn request path a taken offer spends the reaction
   * on.
   */
  readonly fight: (sceneId: string) => SceneFight;
  readonly turns: TurnRequestContext;
  /** Where this GM's client keeps sealed move cards, and the way to their roller (cards/sealed/sealed-delivery.ts). */
  readonly sealed: SealedStore<MoveCardData>;
  readonly deliver: DeliverSealed;
  /** The salt of each sealed card's last revision (cards/sealed/sealed-digest.ts). */
  readonly seals: SealedStore<Seal>;
}

interface MoveCardRequest {
  readonly messageId: string;
  readonly action: MoveCardAction;
}

/** The request's shape: a message id and one of the actions; any other field (an attacker, a target) is not read. */
export function readMoveCardRequest(payload: unknown): MoveCardRequest | null {
  if (!isRecord(payload) || typeof payload.messageId !== "string" || payload.messageId === "") return null;
  const action = payload.action;
  if (typeof action !== "string" || !(MOVE_CARD_ACTIONS as readonly string[]).includes(action)) return null;
  return { messageId: payload.messageId, action: action as MoveCardAction };
}

/** A move card's clicks, one at a time per card (two GMs' applies cannot both write). */
const perMoveCard = new OneAtATime();

/**
 * The GM's handler for a move card's button: `senderId` is Foundry's server's word. Applying and undoing are the
 * GM's; taking an offered free hit or opportunity attack is the enemy's owner's (or the GM's), once, and opens the
 * attack card for the actors the card names, never for ones the request names.
 */
export function handleMoveCard(
  ctx: MoveCardRequestContext,
  payload: unknown,
  senderId: string,
): Promise<RequestAnswer> {
  const request = readMoveCardRequest(payload);
  return perMoveCard.run(request?.messageId ?? "", async () => {
    if (!request) return deny("BadRequest", "the request is not a move card's button");
    const user = ctx.user(senderId);
    if (!user) return deny("UnknownUser", `no user ${senderId}`);
    const message = ctx.message(request.messageId);
    // A player may write a message of this type with any data: only a card the GM's client made is read at all.
    if (message?.type === MOVE_CARD_TYPE && !madeByGm(message)) return notMadeByGm();
    // A sealed card's outcome is on this GM's client: its message holds none (a hidden token's, nothing at all).
    const sealed = message && message.type === MOVE_CARD_TYPE ? readSealed(message.system) : null;
    const shell = message && message.type === MOVE_CARD_TYPE ? readMoveCard(message.system) : null;
    if (!message || (!shell && !sealed)) return deny("UnknownMoveCard", `no move card ${request.messageId}`);
    const data = sealed ? (ctx.sealed.get(request.messageId) ?? null) : shell;
    if (!data) return deny("SealedElsewhere", "this sealed card's numbers are on another GM's client");
    // A hidden token's card is seen by the GMs alone: its offer is theirs to take or let go.
    if (data.hidden && !user.isGM) return deny("SealedCard", "a hidden token's card is the GM's");
    const write = (next: MoveCardData, shown: Record<string, unknown>) =>
      writeMoveCard(ctx, message, next, sealed, shown);
    if (request.action === "take") return take(ctx, data, user, senderId, write);
    if (request.action === "decline") return decline(ctx, data, user, write);
    if (!user.isGM) return deny("GmOnly", "only the GM takes this step");
    if (request.action === "reveal") return reveal(ctx, message, data, sealed);
    const id = request.messageId;
    return request.action === "apply" ? apply(ctx, data, id, write) : undo(ctx, data, id, senderId, write);
  });
}

/**
 * How a handler writes a card's next state; `shown` is the update of a card not sealed (its message holds its data).
 */
type WriteMoveCard = (next: MoveCardData, shown: Record<string, unknown>) => Promise<void>;

/**
 * Write a move card's next state: into the message (`shown`), or for a sealed card into the GM's store with only a
 * higher revision and its digest in the message, sent again to its roller with the new salt.
 */
async function writeMoveCard(
  ctx: MoveCardRequestContext,
  message: CardMessageLike,
  next: MoveCardData,
  sealed: SealedView | null,
  shown: Record<string, unknown>,
) {
  if (!sealed) return void (await message.update(shown));
  const revision = Math.max(sealed.revision, next.revision ?? 0) + 1;
  const kept = { ...next, revision };
  ctx.sealed.set(message.id ?? "", kept);
  const seal = await sealRevision(ctx.seals, MOVE_CARD_TYPE, message.id ?? "", revision, kept);
  await message.update({ "system.sealed.revision": revision, "system.sealed.digest": seal.digest });
  await deliverSealed(
    ctx.deliver,
    { viewers: sealed.viewers, revision },
    MOVE_CARD_TYPE,
    message.id ?? "",
    kept,
    seal.salt,
  );
}

/** The GM reveals a sealed move card: its outcome and what applying wrote go into the message, for everyone. */
async function reveal(
  ctx: MoveCardRequestContext,
  message: CardMessageLike,
  data: MoveCardData,
  sealed: SealedView | null,
): Promise<RequestAnswer> {
  if (!sealed) return deny("NotSealed", "this card is not sealed");
  // A hidden token's shell names nobody: its actors, scene and offer go in too, and its whisper to the GMs is lifted.
  const hidden = data.hidden
    ? {
        "system.sceneId": data.sceneId,
        "system.moverRef": data.moverRef,
        "system.byRef": data.byRef,
        "system.taken": data.taken,
        "system.declined": data.declined ?? false,
        "system.hidden": false,
        whisper: [],
      }
    : {};
  await message.update({
    // The shell's effect lacks the dice rolled with it (a descent's contest, a climb's checks): the whole one now.
    "system.effect": data.effect,
    "system.outcome": data.outcome,
    "system.applied": data.applied,
    "system.rollMode": "publicroll",
    "system.sealed": null,
    ...hidden,
  });
  ctx.sealed.delete(message.id ?? "");
  return { ok: true };
}

/** The GM applies a fall or a descent roll; a defeat reaches the fight as steps naming this card, kept for its undo. */
async function apply(
  ctx: MoveCardRequestContext,
  data: MoveCardData,
  messageId: string,
  write: WriteMoveCard,
): Promise<RequestAnswer> {
  if (!isRolledEffect(data.effect) || !data.outcome) return deny("NotOffered", "this card has nothing to apply");
  if (data.applied) return deny("AlreadyApplied", "this card has already been applied");
  const actor = ctx.actor(data.moverRef);
  if (!actor) return deny("UnknownActor", "the mover's actor is gone");
  const plan = moveCardPlan(data.outcome, actor, data.moverRef);
  const applied = await carryOut(plan, ctx.actor, (actorId, how) => ctx.dropped(actorId, how, messageId));
  await write({ ...data, applied }, { "system.applied": applied });
  return { ok: true };
}

/**
 * The GM's undo: the defeat steps the apply sent go back first, as an attack card's do (refused when other steps
 * followed them), then the sheet. A card applied before it kept its steps gives back the sheet alone.
 */
async function undo(
  ctx: MoveCardRequestContext,
  data: MoveCardData,
  messageId: string,
  senderId: string,
  write: WriteMoveCard,
): Promise<RequestAnswer> {
  if (!data.applied) return deny("NotOffered", "this card has nothing applied to undo");
  const fight = data.applied.fight ?? [];
  if (fight.length > 0) {
    const back = await giveBackApplied(ctx.turns, fight, messageId, senderId, "StepsFollowedFall");
    if (!back.ok) return back;
  }
  await takeBack(data.applied, ctx.actor);
  await write({ ...data, applied: null }, { "system.applied": null });
  return { ok: true };
}

/** The attacker's owner (or the GM) lets the offer go: an interrupted mover may go on (FAC-23). */
async function decline(
  ctx: MoveCardRequestContext,
  data: MoveCardData,
  user: UserLike,
  write: WriteMoveCard,
): Promise<RequestAnswer> {
  if (!isOfferedEffect(data.effect)) return deny("NotOffered", "this card offers no attack");
  if (data.taken || data.declined) return deny("OfferTaken", "this attack has already been taken or declined");
  const by = ctx.actor(data.byRef);
  if (!user.isGM && !by?.testUserPermission(user, "OWNER"))
    return deny("NotTheAttacker", `${user.name ?? user.id} does not own the attacker`);
  await write({ ...data, declined: true }, { "system.declined": true });
  return { ok: true };
}

async function take(
  ctx: MoveCardRequestContext,
  data: MoveCardData,
  user: UserLike,
  senderId: string,
  write: WriteMoveCard,
): Promise<RequestAnswer> {
  const effect = data.effect;
  if (!isOfferedEffect(effect)) return deny("NotOffered", "this card offers no attack");
  if (data.taken || data.declined) return deny("OfferTaken", "this attack has already been taken or declined");
  const by = ctx.actor(data.byRef);
  if (!by) return deny("UnknownActor", "the attacker's actor is gone");
  if (!user.isGM && !by.testUserPermission(user, "OWNER"))
    return deny("NotTheAttacker", `${user.name ?? user.id} does not own the attacker`);
  // In a started fight the free hit slot or the reaction is spent first: the engine may refuse it.
  const spent = await spendReaction(ctx.turns, ctx.fight(data.sceneId).fighters.get(effect.by), effect, senderId);
  if (!spent.ok) return spent;
  const opened = await ctx.openAttack(data.byRef, data.moverRef, senderId, data.hidden === true);
  if (!opened.ok) return opened;
  const taken = typeof opened.messageId === "string" ? opened.messageId : "taken";
  await write({ ...data, taken }, { "system.taken": taken });
  return opened;
}
