import { isRecord } from "../../core/shared/guards.js";
import type { UserLike } from "../combat/ports.js";
import { showSealedDice } from "../dice/sealed-dice.js";
import { deny, type RequestAnswer } from "../requests/request-answer.js";
import { maySeeSealed, readSealed, type SealedStore, type SealedView } from "./sealed-card.js";

/**
 * How a sealed card reaches its roller and no one else (docs/cards.md, "Blind and private rolls"). The active GM sends
 * the card's state with `User#query` on the roller's User: v13's client emits it as the server event `userQuery`
 * addressed to that user's id, not on the system socket every client hears. A query's handler is not told who sent
 * it (foundryvtt#13418), so what arrives is only drawn, never trusted: every click still goes to the GM, who checks
 * it against its own sealed state. A roller's client missing the state (a reload, a step made while it was away) asks
 * again through the request path, whose sender is the server's word; the GM then sends it by query, never in the
 * request's reply, which travels on the system socket.
 */

/** The query the GM's client sends to a roller's (registered in CONFIG.queries under the system's prefix). */
export const SEALED_QUERY = "fray.sealedCard";

/** The request a roller's client makes for a sealed card it may see but does not hold at its revision. */
export const SEALED_REQUEST = "sealedCard";

/** What the query carries: which card (by its message's type and id), at which revision, and its whole state. */
export interface SealedDelivery {
  readonly kind: string;
  readonly messageId: string;
  readonly revision: number;
  readonly data: unknown;
}

/** The GM's way to one user's client (User#query in a world; a fake of it in tests). */
export type DeliverSealed = (userId: string, delivery: SealedDelivery) => Promise<unknown>;

/** One kind of sealed card (its ChatMessage type): where a client keeps it, how it is read, and how it names its revision. */
export interface SealedKind<T = unknown> {
  readonly store: SealedStore<T>;
  readonly read: (raw: unknown) => T | null;
  readonly revisionOf: (data: T) => number;
  /** Whether the state is the card's that message shows (the same actors): a state for another card is not kept. */
  readonly matches: (data: T, system: unknown) => boolean;
}

export type SealedKinds = Readonly<Record<string, SealedKind>>;

/** A message as the delivery reads it. */
export interface SealedMessageLike {
  readonly id: string | null;
  readonly type: string;
  readonly system: unknown;
}

/** The GM sends a sealed card's state to each of its viewers; one who is away is skipped (their client asks later). */
export async function deliverSealed(
  deliver: DeliverSealed | undefined,
  view: Pick<SealedView, "viewers" | "revision">,
  kind: string,
  messageId: string,
  data: unknown,
): Promise<void> {
  if (!deliver) return;
  for (const userId of view.viewers)
    await deliver(userId, { kind, messageId, revision: view.revision, data }).catch((e: unknown) => {
      console.warn(`Fray | a sealed card was not sent to user ${userId}`, e);
    });
}

/**
 * A viewer's client receives a sealed card (the query's handler): kept when the message is a sealed card of that kind,
 * the state reads as one of its cards, for the same actors, and no older than what this client holds. Returns whether
 * it was kept; `redraw` draws the message again with it.
 */
export function receiveSealed(
  kinds: SealedKinds,
  message: (id: string) => SealedMessageLike | undefined,
  payload: unknown,
  redraw: (message: SealedMessageLike) => void,
): boolean {
  if (!isRecord(payload) || typeof payload.kind !== "string" || typeof payload.messageId !== "string") return false;
  const kind = Object.hasOwn(kinds, payload.kind) ? kinds[payload.kind] : undefined;
  const found = message(payload.messageId);
  if (!kind || !found || found.type !== payload.kind || !readSealed(found.system)) return false;
  const data = kind.read(payload.data);
  if (!data || !kind.matches(data, found.system)) return false;
  const held = kind.store.get(payload.messageId);
  if (held && kind.revisionOf(held) > kind.revisionOf(data)) return false;
  kind.store.set(payload.messageId, data);
  showSealedDice(held, data);
  redraw(found);
  return true;
}

/** The sealed-card revisions this client has asked the GM for: asked once each, so a redraw does not ask again. */
const asked = new Set<string>();

/** A viewer's client asks the GM for a sealed card it does not hold at this revision (once per revision). */
export function askForSealed(
  send: (name: string, payload: { messageId: string }) => Promise<unknown>,
  messageId: string,
  revision: number,
): void {
  const key = `${messageId}:${revision}`;
  if (asked.has(key)) return;
  asked.add(key);
  void send(SEALED_REQUEST, { messageId }).catch(() => undefined);
}

/** How the active GM's client answers a viewer's request for a sealed card. */
export interface SealedRequestContext {
  readonly user: (id: string) => UserLike | undefined;
  readonly message: (id: string) => SealedMessageLike | undefined;
  readonly kinds: SealedKinds;
  readonly deliver?: DeliverSealed;
}

/**
 * The GM's handler: `senderId` is Foundry's server's word. Only a GM or the card's viewer is sent it, and only by
 * query: the answer says nothing of the card.
 */
export async function handleSealedRequest(ctx: SealedRequestContext, payload: unknown, senderId: string): Promise<RequestAnswer> {
  if (!isRecord(payload) || typeof payload.messageId !== "string") return deny("BadRequest", "the request is not a sealed card's");
  const user = ctx.user(senderId);
  if (!user) return deny("UnknownUser", `no user ${senderId}`);
  const message = ctx.message(payload.messageId);
  const kind = message && Object.hasOwn(ctx.kinds, message.type) ? ctx.kinds[message.type] : undefined;
  const view = message ? readSealed(message.system) : null;
  if (!message || !kind || !view) return deny("NotSealed", "this card is not sealed");
  if (!maySeeSealed(view, user)) return deny("SealedCard", `${user.name ?? senderId} may not see this card`);
  const data = kind.store.get(payload.messageId);
  if (data === undefined) return deny("SealedElsewhere", "this card's numbers are on another GM's client");
  if (!ctx.deliver || !user.id) return deny("RequestFailed", "no way to send the card");
  await ctx.deliver(user.id, { kind: message.type, messageId: payload.messageId, revision: kind.revisionOf(data), data });
  return { ok: true };
}
