import type { UserLike } from "../../combat/fight/ports.js";

/**
 * The Foundry shapes an attack card touches, as structural types: the v13 documents fit them (tsc checks where the
 * system passes them in), and the vitest fakes implement exactly these.
 */
export interface CardItemLike {
  readonly id: string | null;
  readonly name: string;
  readonly type: string;
  readonly system: unknown;
  update(data: Record<string, unknown>, options?: Record<string, unknown>): Promise<unknown>;
  /** Its whole source data (`_id` included), as Foundry's Document#toObject gives it. */
  toObject(): object;
  delete(): Promise<unknown>;
}

export interface CardActorLike {
  readonly id: string | null;
  readonly name: string;
  readonly type: string;
  readonly system: unknown;
  readonly items: { readonly contents: readonly CardItemLike[] };
  testUserPermission(user: UserLike, permission: "OWNER"): boolean;
  update(data: Record<string, unknown>, options?: Record<string, unknown>): Promise<unknown>;
  /**
   * The statuses its effects (and Fray's condition fields) give it (v13's Actor#statuses). v13's toggle turns on no
   * status already on: applying reads this first, so its undo turns off only what it turned on.
   */
  readonly statuses: ReadonlySet<string>;
  toggleStatusEffect(statusId: string, options: { active: boolean }): Promise<unknown>;
  /**
   * Creates items from source data; `keepId` keeps each `_id` (an undone deletion comes back as the same item). The
   * data is what an item's toObject gave, Foundry's own create data: typed `never` here so Foundry's generic signature
   * fits this port, and cast at the one call (apply-plan.ts takeBack).
   */
  createEmbeddedDocuments(embeddedName: "Item", data: never[], operation: { keepId: boolean }): Promise<unknown>;
}

/** A message's author as a card's reader needs it: whether that user is a GM (Foundry's User#isGM). */
export interface AuthorLike {
  readonly isGM: boolean;
}

export interface CardMessageLike {
  readonly id: string | null;
  readonly type: string;
  readonly system: unknown;
  /** The user whose client created it (v13's ChatMessage#author): only a GM-made card is believed (card-trust.ts). */
  readonly author: AuthorLike | null;
  update(data: Record<string, unknown>, options?: Record<string, unknown>): Promise<unknown>;
}
