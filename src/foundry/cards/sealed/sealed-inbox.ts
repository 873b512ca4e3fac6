import { isRecord } from "../../../core/shared/guards.js";
import { readSealed, type SealedView } from "./sealed-card.js";
import { sealedDigest } from "./sealed-digest.js";
import type { SealedDelivery, SealedKinds, SealedMessageLike } from "./sealed-delivery.js";
import { showSealedDice } from "../../dice/sealed-dice.js";
import { madeByGm } from "../data/card-trust.js";

/** A delivery for a revision newer than its message shows yet, with the digest it hashed to, kept until `until`. */
interface Held {
  readonly delivery: SealedDelivery;
  readonly digest: string;
  readonly until: number;
}

/** How long a delivery waits for its message's update (the query may overtake it), and how many wait at most. */
const HOLD_MS = 15_000;
const MAX_HELD = 16;

/** A salt as the GM makes it: 16 bytes in hex. */
const SALT = /^[0-9a-f]{32}$/;

/** The query's data read for its shape alone: strings, a revision that is a whole number, a salt, some data. */
function readDelivery(payload: unknown): SealedDelivery | null {
  if (!isRecord(payload) || !("data" in payload)) return null;
  const { kind, messageId, revision, salt, data } = payload;
  if (typeof kind !== "string" || typeof messageId !== "string" || typeof salt !== "string" || !SALT.test(salt))
    return null;
  if (!Number.isSafeInteger(revision) || (revision as number) < 0) return null;
  return { kind, messageId, revision: revision as number, salt, data };
}

/**
 * A viewer's client receives sealed cards (the `fray.sealedCard` query's handler; sealed-delivery.ts). The query's
 * sender is unknown (foundryvtt#13418): another player's macro could send anything. So a card is kept only when it
 * hashes, with the salt it brings, to the digest the GM wrote in its message at that revision (sealed-digest.ts), and
 * then only when it reads as a card of that kind for the message's actors and is no older than what this client holds.
 * A delivery for a newer revision than the message shows (the query overtook the message's update) waits for
 * `updated`, and is dropped if the message never shows it.
 */
export class SealedInbox {
  readonly #held: Held[] = [];

  constructor(
    readonly kinds: SealedKinds,
    readonly message: (id: string) => SealedMessageLike | undefined,
    readonly redraw: (message: SealedMessageLike) => void,
    readonly now: () => number = Date.now,
  ) {}

  /** The query's handler: whether the card was kept now (a delivery waiting for its message is not yet). */
  receive(payload: unknown): boolean {
    this.#prune();
    const delivery = readDelivery(payload);
    if (!delivery || !Object.hasOwn(this.kinds, delivery.kind)) return false;
    const found = this.message(delivery.messageId);
    // Any player may write a message of a card's type, its digest theirs: only a GM-made message vouches for a card.
    const view = found && found.type === delivery.kind && madeByGm(found) ? readSealed(found.system) : null;
    if (!found || !view || delivery.revision < view.revision) return false;
    // Cheap checks first: only a delivery for a sealed message at this revision or a newer one is hashed.
    const digest = sealedDigest(delivery.salt, delivery.kind, delivery.messageId, delivery.revision, delivery.data);
    if (digest === null) return false;
    if (delivery.revision === view.revision) return this.#keep(delivery, digest, found, view);
    if (this.#held.length >= MAX_HELD) this.#held.shift();
    this.#held.push({ delivery, digest, until: this.now() + HOLD_MS });
    return false;
  }

  /** A message changed (Foundry's updateChatMessage hook): what waited for its new revision is checked now. */
  updated(message: SealedMessageLike): void {
    this.#prune();
    const view = madeByGm(message) ? readSealed(message.system) : null;
    for (const held of this.#held.filter((h) => h.delivery.messageId === message.id)) {
      if (view && held.delivery.revision > view.revision) continue;
      this.#held.splice(this.#held.indexOf(held), 1);
      if (view && held.delivery.revision === view.revision && message.type === held.delivery.kind)
        this.#keep(held.delivery, held.digest, message, view);
    }
  }

  /** How many deliveries wait for their message (tests). */
  get waiting(): number {
    return this.#held.length;
  }

  #keep(delivery: SealedDelivery, digest: string, found: SealedMessageLike, view: SealedView): boolean {
    if (!view.digest || digest !== view.digest) return false;
    const kind = this.kinds[delivery.kind]!;
    const data = kind.read(delivery.data);
    if (!data || kind.revisionOf(data) !== delivery.revision || !kind.matches(data, found.system)) return false;
    const held = kind.store.get(delivery.messageId);
    if (held && kind.revisionOf(held) > kind.revisionOf(data)) return false;
    kind.store.set(delivery.messageId, data);
    // The new revision's dice roll in 3D on this client alone (dice/sealed-dice.ts).
    showSealedDice(held, data);
    this.redraw(found);
    return true;
  }

  #prune(): void {
    const now = this.now();
    for (let i = this.#held.length - 1; i >= 0; i--) if (this.#held[i]!.until <= now) this.#held.splice(i, 1);
  }
}
