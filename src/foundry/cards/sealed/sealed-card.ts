import { isRecord } from "../../../core/shared/guards.js";
import type { RollMode } from "../../dice/dice-tray.js";
import { readAttackCard, type AttackCardData } from "../data/attack-card-data.js";
import type { AttackRuleset, CardLine } from "../attack-ruleset.js";

/**
 * Blind, private (GM) and self cards are sealed (docs/cards.md, "Blind and private rolls"). Foundry sends a chat
 * message's data, whispered or blind, its rolls included, to every client: its own client code renders a blind roll
 * for the roller from the Roll data it holds. So a sealed card's numbers never go into any document: the public card
 * holds who attacks whom, its title, a revision and who besides the GMs may see it; the journal, events and what
 * applying wrote live on the active GM's client (SealedStore), and on its roller's for a private or self roll, sent
 * to that user alone (sealed-delivery.ts).
 */

/** What every client receives of a sealed card: no state, no dice, no outcome. */
export interface SealedView {
  readonly revision: number;
  readonly title: CardLine;
  /** The users besides the GMs who may see the card (a private or self roll's roller; none for a blind roll). */
  readonly viewers: readonly string[];
  /**
   * SHA-256 of the card at this revision, salted with bytes only its viewers receive (sealed-digest.ts): a client keeps
   * a delivered card only when it matches ("" on a card sealed before digests were: nothing delivered is kept).
   */
  readonly digest: string;
}

/**
 * What the GM keeps of a sealed card's last revision: the salt its viewers receive with it (a request sends it again).
 */
export interface Seal {
  readonly revision: number;
  readonly salt: string;
}

/** A seal read back from the GM's storage without trusting it. */
export const readSeal = (raw: unknown): Seal | null =>
  isRecord(raw) && Number.isSafeInteger(raw.revision) && typeof raw.salt === "string"
    ? { revision: raw.revision as number, salt: raw.salt }
    : null;

/** Where a client keeps sealed cards: in memory, and in that browser's storage so a reload keeps them. */
export interface SealedStore<T = AttackCardData> {
  get(messageId: string): T | undefined;
  set(messageId: string, data: T): void;
  delete(messageId: string): void;
}

/** The part of the Web Storage API the store uses (the GM's `localStorage`; a Map in tests). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * A sealed store over a storage, its keys prefixed by the world, each card read back without trusting it (`read`:
 * an attack card's reader unless another is given, a move card's for move cards).
 */
export class StorageSealedStore<T = AttackCardData> implements SealedStore<T> {
  readonly #memory = new Map<string, T>();
  constructor(
    readonly storage: StorageLike | null,
    readonly prefix: string,
    readonly read: (raw: unknown) => T | null = readAttackCard as unknown as (raw: unknown) => T | null,
  ) {}
  get(messageId: string): T | undefined {
    const known = this.#memory.get(messageId);
    if (known) return known;
    const raw = this.storage?.getItem(this.prefix + messageId) ?? null;
    if (raw === null) return undefined;
    try {
      return this.read(JSON.parse(raw)) ?? undefined;
    } catch {
      return undefined;
    }
  }
  set(messageId: string, data: T): void {
    this.#memory.set(messageId, data);
    try {
      this.storage?.setItem(this.prefix + messageId, JSON.stringify(data));
    } catch {
      // A full or refused storage keeps the card in memory only: a reload then loses it, and the card says so.
    }
  }
  delete(messageId: string): void {
    this.#memory.delete(messageId);
    this.storage?.removeItem(this.prefix + messageId);
  }
}

/**
 * Every roll mode but a public one is sealed: a blind roll's roller may not see it, a private (GM) or self roll's
 * other players may not, and no channel Foundry offers leaves them out of a message's data.
 */
export const isSealedMode = (rollMode: RollMode): boolean => rollMode !== "publicroll";

/**
 * Who besides the GMs may see a sealed card: a private or self roll's roller (the GM runs the card, so a self roll is
 * the GM's and its roller's, as a private one); nobody for a blind roll, nor when no roller is known.
 */
export function sealedViewers(rollMode: RollMode, roller: string | undefined): string[] {
  return (rollMode === "gmroll" || rollMode === "selfroll") && roller ? [roller] : [];
}

const isViewers = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");

/** The sealed view stored in a card's system, or null when the card is not sealed. */
export function readSealed(system: unknown): SealedView | null {
  if (!isRecord(system) || !isRecord(system.sealed)) return null;
  const { revision, title } = system.sealed;
  if (typeof revision !== "number" || !isRecord(title) || typeof title.key !== "string" || !isRecord(title.data))
    return null;
  // A card sealed before private rolls were (a blind one) names no viewers: nobody but the GMs.
  const viewers = isViewers(system.sealed.viewers) ? system.sealed.viewers : [];
  const digest = typeof system.sealed.digest === "string" ? system.sealed.digest : "";
  return { revision, title: title as unknown as CardLine, viewers, digest };
}

type AnyCard = Pick<AttackRuleset<unknown, AttackCardData["journal"]["state"], never>, "view">;

/**
 * What a sealed card shows everyone: its title (who attacks whom with what; no roll in it), revision and digest. A
 * hidden token's card shows no title, and nobody but the GMs sees it.
 */
export function sealedView(card: AnyCard, data: AttackCardData, digest = ""): SealedView {
  if (data.hidden) return { revision: data.journal.revision, title: { key: "", data: {} }, viewers: [], digest };
  const title = card.view(data.journal.state, data.events).title;
  return { revision: data.journal.revision, title, viewers: sealedViewers(data.rollMode, data.roller), digest };
}

/**
 * The shell every client receives of a card a hidden token's offer opened: its rule set (the world's), its revision
 * and digest; no actor, item, scene or title. Foundry sends a message's data to every client, whispered or not.
 */
export function hiddenAttackShell(ruleset: string, revision: number, digest = ""): Record<string, unknown> {
  return {
    ruleset,
    attackerId: "",
    targetId: "",
    itemId: null,
    rollMode: "blindroll",
    journal: null,
    events: [],
    applied: null,
    options: null,
    openingSteps: 0,
    hidden: true,
    sealed: { revision, title: { key: "", data: {} }, viewers: [], digest },
  };
}

/** A new card's system as every client receives it: the whole card, or for a sealed one its shell alone. */
export function publicCard(card: AnyCard, data: AttackCardData, digest = ""): Record<string, unknown> {
  if (data.hidden) return hiddenAttackShell(data.ruleset, data.journal.revision, digest);
  if (!isSealedMode(data.rollMode)) return { ...data, sealed: null };
  const { ruleset, attackerId, targetId, itemId, rollMode, map } = data;
  return {
    ruleset,
    attackerId,
    targetId,
    itemId,
    rollMode,
    ...(map ? { map } : {}),
    journal: null,
    events: [],
    applied: null,
    options: null,
    openingSteps: 0,
    sealed: sealedView(card, data, digest),
  };
}

/**
 * Write a card's next state: a sealed card's into the GM's store, with only its new revision, title and digest in the
 * message; any other's into the message. Returns the update for `message.update`.
 */
export function cardUpdate(
  card: AnyCard,
  data: AttackCardData,
  store: SealedStore,
  messageId: string,
  digest = "",
): Record<string, unknown> {
  if (isSealedMode(data.rollMode)) {
    store.set(messageId, data);
    return { "system.==sealed": sealedView(card, data, digest) };
  }
  store.delete(messageId);
  return {
    "system.==journal": data.journal,
    "system.events": data.events,
    "system.applied": data.applied,
    "system.openingSteps": data.openingSteps,
    "system.==options": data.options ?? {},
    // A change of circumstances reads the map again: its verdict, and what it keeps for the next one.
    ...(data.map ? { "system.map": data.map } : {}),
    ...(data.given ? { "system.==given": data.given } : {}),
    ...(data.place ? { "system.==place": data.place } : {}),
    // A player's declared circumstances and the GM's answer (attack-circumstances.ts).
    "system.==declared": data.declared ?? null,
    // The turn step the attack spent, and whether the GM's undo of it voided the card.
    ...(data.spent ? { "system.==spent": data.spent } : {}),
    ...(data.voided ? { "system.voided": true } : {}),
    ...(data.turnSteps ? { "system.==turnSteps": data.turnSteps } : {}),
    "system.rollMode": data.rollMode,
    "system.sealed": null,
  };
}

/** The card a message holds: its own data, or a sealed card's from the store (null: sealed on another GM's client). */
export function cardOf(
  system: unknown,
  store: SealedStore,
  messageId: string,
): { data: AttackCardData | null; sealed: boolean } {
  if (readSealed(system)) return { data: store.get(messageId) ?? null, sealed: true };
  return { data: readAttackCard(system), sealed: false };
}

/** Whether a user may see a sealed card: a GM, or one of its viewers (its roller, for a private or self roll). */
export const maySeeSealed = (
  view: Pick<SealedView, "viewers">,
  user: { readonly id: string | null; readonly isGM: boolean },
): boolean => user.isGM || (user.id !== null && view.viewers.includes(user.id));
