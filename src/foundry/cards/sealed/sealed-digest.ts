import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import type { Seal, SealedStore } from "./sealed-card.js";

/**
 * A sealed card's digest (docs/cards.md, "Blind and private rolls"): a query's handler is not told who sent it
 * (foundryvtt#13418), so the GM writes in the card's message, which no player can write, a SHA-256 of the card at that
 * revision, and a client keeps a delivered card only when it hashes to it. The hash is salted with 16 random bytes per
 * revision that travel only in the query to the card's viewers: without them another player could not brute-force
 * low-entropy dice from the digest. `@noble/hashes`, not `crypto.subtle`, which a plain-http server's page lacks; this
 * file is the one place that hashes (sealed-seal.ts seals, sealed-inbox.ts checks).
 */

/** The longest card a client hashes (a genuine one is a few kilobytes): a larger payload is dropped unhashed. */
export const MAX_SEALED_CHARS = 1_000_000;

/** A genuine card's data nests a dozen levels at most; a deeper payload is dropped before it can exhaust the stack. */
const MAX_DEPTH = 64;

/**
 * The card as one string, the same on the GM's client and the viewer's: JSON (what the query carries, so a value JSON
 * drops or turns to null is dropped or null here too) with every object's keys sorted. Null when it is deeper than
 * MAX_DEPTH or longer than MAX_SEALED_CHARS.
 */
export function canonicalJson(value: unknown): string | null {
  const parts: string[] = [];
  let length = 0;
  const push = (text: string): boolean => {
    length += text.length;
    parts.push(text);
    return length <= MAX_SEALED_CHARS;
  };
  const write = (v: unknown, depth: number): boolean => {
    if (depth > MAX_DEPTH) return false;
    const json = isRecordLike(v) && typeof v.toJSON === "function" ? (v.toJSON as () => unknown)() : v;
    if (Array.isArray(json)) {
      if (!push("[")) return false;
      for (let i = 0; i < json.length; i++)
        if ((i > 0 && !push(",")) || !write(dropped(json[i]) ? null : json[i], depth + 1)) return false;
      return push("]");
    }
    if (isRecordLike(json)) {
      const keys = Object.keys(json)
        .filter((k) => !dropped(json[k]))
        .sort();
      if (!push("{")) return false;
      for (const [i, k] of keys.entries())
        if ((i > 0 && !push(",")) || !push(`${JSON.stringify(k)}:`) || !write(json[k], depth + 1)) return false;
      return push("}");
    }
    return push(dropped(json) ? "null" : (JSON.stringify(json) ?? "null"));
  };
  try {
    return write(value, 0) ? parts.join("") : null;
  } catch {
    // A BigInt, or a getter that throws: no JSON, so no card.
    return null;
  }
}

const isRecordLike = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/** What JSON leaves out of an object (and writes as null in an array). */
const dropped = (v: unknown): boolean => v === undefined || typeof v === "function" || typeof v === "symbol";

/** 16 fresh random bytes as hex: `crypto.getRandomValues` is there on a plain-http page, unlike `crypto.subtle`. */
export function newSalt(): string {
  return bytesToHex(crypto.getRandomValues(new Uint8Array(16)));
}

/** The digest of a card of `kind` in message `messageId` at `revision`, or null for a payload too deep or too long. */
export function sealedDigest(
  salt: string,
  kind: string,
  messageId: string,
  revision: number,
  data: unknown,
): string | null {
  const text = canonicalJson([kind, messageId, revision, data]);
  return text === null ? null : bytesToHex(sha256(utf8ToBytes(`${salt}\n${text}`)));
}

/**
 * The GM seals a card's revision: a fresh salt, kept in `seals` (to send the card again on a viewer's request), and the
 * digest its message carries. A card too large to hash gets no digest: its viewers then keep nothing of it.
 */
export function sealCard(
  seals: SealedStore<Seal>,
  kind: string,
  messageId: string,
  revision: number,
  data: unknown,
): Seal & { readonly digest: string } {
  const salt = newSalt();
  const digest = sealedDigest(salt, kind, messageId, revision, data) ?? "";
  if (!digest) console.warn(`Fray | sealed card ${messageId} is too large to seal: its viewers will not see it`);
  seals.set(messageId, { revision, salt });
  return { revision, salt, digest };
}
