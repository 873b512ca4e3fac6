import { isRecord } from "../../../core/shared/guards.js";
import type { StorageLike } from "../../cards/sealed/sealed-card.js";

/** How long an opportunity attack offered holds up the mover's next move before the table goes on without it. */
export const OFFER_WAIT_MS = 120_000;

/** A move FAC-23 interrupted: the enemies it provoked and the move cards offering their attacks. */
interface Interruption {
  readonly by: readonly string[];
  readonly offers: readonly string[];
  readonly at: number;
}

const ids = (v: unknown): v is string[] =>
  Array.isArray(v) && v.length <= 1000 && v.every((x) => typeof x === "string" && x.length <= 64);

/** An interruption as the GM's browser storage gave it back, or null when it is not one. */
function readInterruption(raw: unknown): Interruption | null {
  if (!isRecord(raw) || !ids(raw.by) || !ids(raw.offers) || typeof raw.at !== "number" || !Number.isFinite(raw.at))
    return null;
  return { by: raw.by, offers: raw.offers, at: raw.at };
}

/**
 * The moves the active GM has interrupted (FAC-23), by token: the mover waits where it was stopped until each offer is
 * taken or declined (or the wait runs out, so the table is never stuck), then its next move resumes the interrupted one
 * and does not provoke those enemies again (ruling FAC-23 in docs/rulings.md). Kept in memory and in the GM's browser
 * storage, so a reload of the GM's client mid-interruption forgets neither (no document a player could write holds it).
 */
export class MoveInterruptions {
  readonly #byToken = new Map<string, Interruption>();

  constructor(
    readonly storage: StorageLike | null = null,
    readonly prefix = "",
  ) {}

  record(sceneId: string, tokenId: string, interruption: Interruption): void {
    const key = `${sceneId}.${tokenId}`;
    this.#byToken.set(key, interruption);
    try {
      this.storage?.setItem(this.prefix + key, JSON.stringify(interruption));
    } catch {
      // A full or refused storage leaves the memory copy: the reload case alone is lost.
    }
  }

  get(sceneId: string, tokenId: string): Interruption | undefined {
    const key = `${sceneId}.${tokenId}`;
    const known = this.#byToken.get(key);
    if (known) return known;
    const raw = this.storage?.getItem(this.prefix + key) ?? null;
    if (raw === null) return undefined;
    try {
      const read = readInterruption(JSON.parse(raw));
      if (read) this.#byToken.set(key, read);
      return read ?? undefined;
    } catch {
      return undefined;
    }
  }

  clear(sceneId: string, tokenId: string): void {
    const key = `${sceneId}.${tokenId}`;
    this.#byToken.delete(key);
    this.storage?.removeItem(this.prefix + key);
  }
}
