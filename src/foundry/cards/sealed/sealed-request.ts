import { isRecord } from "../../../core/shared/guards.js";
import type { UserLike } from "../../combat/fight/ports.js";
import { deny, type RequestAnswer } from "../../requests/request-answer.js";
import { maySeeSealed, readSealed, type Seal, type SealedStore } from "./sealed-card.js";
import type { DeliverSealed, SealedKinds, SealedMessageLike } from "./sealed-delivery.js";
import { madeByGm, notMadeByGm } from "../data/card-trust.js";

/** How the active GM's client answers a viewer's request for a sealed card. */
export interface SealedRequestContext {
  readonly user: (id: string) => UserLike | undefined;
  readonly message: (id: string) => SealedMessageLike | undefined;
  readonly kinds: SealedKinds;
  /** The salt of each sealed card's last revision (sealed-digest.ts): the card is sent again with it. */
  readonly seals: SealedStore<Seal>;
  readonly deliver: DeliverSealed;
}

/**
 * The GM's handler for a viewer's `sealedCard` request: `senderId` is Foundry's server's word. Only a GM or the card's
 * viewer is sent it, only by query, and only at the revision its message shows, with the salt that revision was sealed
 * with (a card sealed before digests has none: its viewer could not keep it). The answer says nothing of the card.
 */
export async function handleSealedRequest(
  ctx: SealedRequestContext,
  payload: unknown,
  senderId: string,
): Promise<RequestAnswer> {
  if (!isRecord(payload) || typeof payload.messageId !== "string")
    return deny("BadRequest", "the request is not a sealed card's");
  const user = ctx.user(senderId);
  if (!user) return deny("UnknownUser", `no user ${senderId}`);
  const message = ctx.message(payload.messageId);
  const kind = message && Object.hasOwn(ctx.kinds, message.type) ? ctx.kinds[message.type] : undefined;
  const view = message ? readSealed(message.system) : null;
  if (!message || !kind || !view) return deny("NotSealed", "this card is not sealed");
  // A player's message of a card's type is no card: what this GM's client holds under its id is not sent for it.
  if (!madeByGm(message)) return notMadeByGm();
  if (!maySeeSealed(view, user)) return deny("SealedCard", `${user.name ?? senderId} may not see this card`);
  const data = kind.store.get(payload.messageId);
  const seal = ctx.seals.get(payload.messageId);
  if (data === undefined || !seal || seal.revision !== kind.revisionOf(data) || seal.revision !== view.revision)
    return deny("SealedElsewhere", "this card's numbers at its revision are not on this GM's client");
  if (!user.id) return deny("RequestFailed", "no way to send the card");
  await ctx.deliver(user.id, {
    kind: message.type,
    messageId: payload.messageId,
    revision: seal.revision,
    data,
    salt: seal.salt,
  });
  return { ok: true };
}
