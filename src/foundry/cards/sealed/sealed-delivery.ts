import type { AuthorLike } from "../data/card-ports.js";
import type { SealedStore, SealedView } from "./sealed-card.js";

/**
 * How a sealed card reaches its roller and no one else (docs/cards.md, "Blind and private rolls"). The active GM sends
 * the card's state with `User#query` on the roller's User: v13's client emits it as the server event `userQuery`
 * addressed to that user's id, not on the system socket every client hears. A query's handler is not told who sent
 * it (foundryvtt#13418), so what arrives is kept only when it hashes, with the salt it brings, to the digest the GM
 * wrote in the card's message (sealed-inbox.ts); every click still goes to the GM, who checks it against its own
 * sealed state. A roller's client missing the state (a reload, a step made while it was away) asks again through the
 * request path, whose sender is the server's word; the GM then sends it by query (sealed-request.ts), never in the
 * request's reply, which travels on the system socket.
 */

/** The query the GM's client sends to a roller's (registered in CONFIG.queries under the system's prefix). */
export const SEALED_QUERY = "fray.sealedCard";

/** The request a roller's client makes for a sealed card it may see but does not hold at its revision. */
export const SEALED_REQUEST = "sealedCard";

/**
 * What the query carries: which card (by its message's type and id), at which revision, its whole state, and the salt
 * that hashes it to the digest in its message at that revision (sealed-digest.ts).
 */
export interface SealedDelivery {
  readonly kind: string;
  readonly messageId: string;
  readonly revision: number;
  readonly data: unknown;
  readonly salt: string;
}

/** The GM's way to one user's client (User#query in a world; a fake of it in tests). */
export type DeliverSealed = (userId: string, delivery: SealedDelivery) => Promise<unknown>;

/**
 * One kind of sealed card (its ChatMessage type): where a client keeps it, how it is read, and how it names its
 * revision.
 */
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
  /** Who created it (v13's ChatMessage#author): a digest vouches for a card only in a message a GM made. */
  readonly author: AuthorLike | null;
}

/**
 * The GM sends a sealed card's state to each of its viewers, with the salt of the revision it sealed (sealed-seal.ts);
 * one who is away is skipped (their client asks later).
 */
export async function deliverSealed(
  deliver: DeliverSealed | undefined,
  view: Pick<SealedView, "viewers" | "revision">,
  kind: string,
  messageId: string,
  data: unknown,
  salt: string,
): Promise<void> {
  if (!deliver) return;
  for (const userId of view.viewers)
    await deliver(userId, { kind, messageId, revision: view.revision, data, salt }).catch((e: unknown) => {
      console.warn(`Fray | a sealed card was not sent to user ${userId}`, e);
    });
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
