import { readSeal, StorageSealedStore, type Seal, type SealedStore } from "./sealed-card.js";
import { sealCard } from "./sealed-digest.js";

/** The GM's client's seals when no store is given (tests of other parts, and before the GM's store is made). */
const memorySeals: SealedStore<Seal> = new StorageSealedStore(null, "", readSeal);

/**
 * The GM seals a card's revision before writing its message: a fresh salt kept in `seals`, and the digest the message
 * carries (sealed-digest.ts).
 */
export function sealRevision(
  seals: SealedStore<Seal> | undefined,
  kind: string,
  messageId: string,
  revision: number,
  data: unknown,
): Promise<Seal & { readonly digest: string }> {
  return Promise.resolve(sealCard(seals ?? memorySeals, kind, messageId, revision, data));
}
