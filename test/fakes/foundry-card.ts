import type { UserLike } from "../../src/foundry/combat/fight/ports.js";
import type { CardActorLike, CardItemLike, CardMessageLike } from "../../src/foundry/cards/data/card-ports.js";
import { setPath } from "./foundry-combat.js";

/*
 * The documents an attack card writes, read from Foundry v13: `common/abstract/document.mjs` (`update`, `delete`,
 * `createEmbeddedDocuments`, `toObject`), `client/data/client-backend.mjs` (`#preUpdateDocumentArray`: the update is
 * expanded with `foundry.utils.expandObject`, so "system.a.b" and `{system: {a: {b}}}` are one change) and
 * `client/documents/actor.mjs` (`toggleStatusEffect`: forced on, an existing status is kept; forced off, removed).
 */

/** A document update's system data applied as Foundry applies it (dotted paths or nested, "-=" and "=="), as copies. */
function applyToSystem(system: Record<string, unknown>, data: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(data)) {
    if (k.startsWith("system.")) setPath(system, k.slice(7), JSON.parse(JSON.stringify(v)));
    else if (k === "system" && typeof v === "object" && v !== null)
      for (const [inner, w] of Object.entries(v)) setPath(system, inner, JSON.parse(JSON.stringify(w)));
  }
}

/**
 * An actor as the attack card touches it: owners by user id, `update` applying Foundry's dotted paths to its system
 * data (a copy, as the database returns), and token statuses as a set, as `toggleStatusEffect` leaves them.
 */
export class FakeActor implements CardActorLike {
  system: Record<string, unknown>;
  readonly statuses = new Set<string>();
  readonly updates: Record<string, unknown>[] = [];
  readonly items: { readonly contents: CardItemLike[] };
  /** Items created through createEmbeddedDocuments, as Foundry's create would give them. */
  readonly created: Record<string, unknown>[][] = [];
  constructor(
    readonly id: string,
    readonly name: string,
    readonly type: string,
    system: Record<string, unknown>,
    readonly owners: readonly string[] = [],
    items: CardItemLike[] = [],
  ) {
    this.system = JSON.parse(JSON.stringify(system)) as Record<string, unknown>;
    this.items = { contents: items };
    for (const i of items) if (i instanceof FakeItem) i.parent = this;
  }
  testUserPermission(user: UserLike, permission: "OWNER"): boolean {
    return permission === "OWNER" && (user.isGM || (user.id !== null && this.owners.includes(user.id)));
  }
  async update(data: Record<string, unknown>): Promise<unknown> {
    await new Promise((r) => setTimeout(r, 0));
    this.updates.push(data);
    applyToSystem(this.system, data);
    return this;
  }
  toggleStatusEffect(statusId: string, { active }: { active: boolean }): Promise<unknown> {
    if (active) this.statuses.add(statusId);
    else this.statuses.delete(statusId);
    return Promise.resolve(true);
  }
  /**
   * Foundry's embedded create: a new random id unless `keepId` keeps the data's `_id`, which must not be taken
   * (Foundry refuses a duplicate id); the created items join the actor's collection.
   */
  async createEmbeddedDocuments(
    embeddedName: "Item",
    data: Record<string, unknown>[],
    { keepId }: { keepId: boolean },
  ): Promise<unknown> {
    await new Promise((r) => setTimeout(r, 0));
    if (embeddedName !== "Item") throw new Error(`not an embedded collection of this fake: ${String(embeddedName)}`);
    const made = data.map((d) => {
      const id = keepId && typeof d._id === "string" ? d._id : `new${Math.random().toString(36).slice(2, 10)}`;
      if (this.items.contents.some((i) => i.id === id))
        throw new Error(`an Item with id ${id} already exists on ${this.name}`);
      const item = new FakeItem(id, String(d.name), String(d.type), (d.system ?? {}) as Record<string, unknown>);
      item.parent = this;
      this.items.contents.push(item);
      return item;
    });
    this.created.push(data);
    return made;
  }
  /** Foundry removes a deleted embedded item from its parent's collection. */
  removeItem(id: string): void {
    const at = this.items.contents.findIndex((i) => i.id === id);
    if (at >= 0) this.items.contents.splice(at, 1);
  }
}

/**
 * A chat message whose system data is updated as Foundry applies an update (dotted paths, "==" replaces). Its `author`
 * is the user whose client created it, as v13 keeps it (common/documents/chat-message.mjs: `author` is a
 * DocumentAuthorField, initially `game.user`; the client's `ChatMessage#author` is that User document): a card the
 * GM's handlers post has the GM as its author. FakeChat below holds who may create and update one.
 */
export class FakeMessage implements CardMessageLike {
  system: Record<string, unknown>;
  readonly updates: Record<string, unknown>[] = [];
  constructor(
    readonly id: string,
    readonly type: string,
    system: unknown,
    readonly author: UserLike | null,
  ) {
    this.system = JSON.parse(JSON.stringify(system)) as Record<string, unknown>;
  }
  async update(data: Record<string, unknown>): Promise<unknown> {
    await new Promise((r) => setTimeout(r, 0));
    this.updates.push(data);
    applyToSystem(this.system, data);
    return this;
  }
}

/**
 * An item as an applied attack writes it: its own update, applying Foundry's dotted paths to its system data; its
 * source data as toObject gives it (`_id`, name, type, system, flags); its delete, leaving its actor's collection.
 */
export class FakeItem implements CardItemLike {
  system: Record<string, unknown>;
  parent: FakeActor | null = null;
  deleted = false;
  constructor(
    readonly id: string,
    readonly name: string,
    readonly type: string,
    system: Record<string, unknown> = {},
  ) {
    this.system = JSON.parse(JSON.stringify(system)) as Record<string, unknown>;
  }
  update(data: Record<string, unknown>): Promise<unknown> {
    applyToSystem(this.system, data);
    return Promise.resolve(this);
  }
  toObject(): Record<string, unknown> {
    return {
      _id: this.id,
      name: this.name,
      type: this.type,
      system: JSON.parse(JSON.stringify(this.system)) as unknown,
      flags: {},
    };
  }
  delete(): Promise<unknown> {
    if (this.deleted) return Promise.reject(new Error(`${this.name} does not exist`));
    this.deleted = true;
    this.parent?.removeItem(this.id);
    return Promise.resolve(this);
  }
}

/**
 * Chat messages as Foundry v13's server lets a user write them (common/documents/chat-message.mjs, `#canCreate` and
 * `getUserLevel`; common/data/fields.mjs, DocumentAuthorField): a GM creates any message; a player creates one only as
 * its own author, of any type and with any `system` data (the server does not check a system's data). Only the
 * author (its owner) or a GM updates a message, and only a GM changes its author (`gmOnly`). Anything else throws,
 * as the server's refusal rejects the client's promise.
 */
export class FakeChat {
  readonly messages: FakeMessage[] = [];
  #n = 0;

  /** `ChatMessage.create({type, system, author?, _id?}, {keepId})` on `user`'s client. */
  create(user: UserLike, type: string, system: unknown, options: { author?: UserLike; id?: string } = {}): FakeMessage {
    const author = options.author ?? user;
    if (!user.isGM && author.id !== user.id)
      throw new Error(`${user.name ?? user.id} lacks permission to create this ChatMessage`);
    const id = options.id ?? `c${++this.#n}`;
    if (this.messages.some((m) => m.id === id)) throw new Error(`a ChatMessage with id ${id} already exists`);
    const message = new FakeMessage(id, type, system, author);
    this.messages.push(message);
    return message;
  }

  /** `message.update(changes)` on `user`'s client. */
  async update(user: UserLike, message: FakeMessage, changes: Record<string, unknown>): Promise<unknown> {
    if (!user.isGM && message.author?.id !== user.id)
      throw new Error(`${user.name ?? user.id} lacks permission to update this ChatMessage`);
    if (!user.isGM && Object.hasOwn(changes, "author")) throw new Error("only a GM changes a ChatMessage's author");
    return message.update(changes);
  }

  get(id: string): FakeMessage | undefined {
    return this.messages.find((m) => m.id === id);
  }
}
