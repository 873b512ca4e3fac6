import type {
  Dice3dLike,
  GameCollection,
  GameI18n,
  GamePort,
  GameScenes,
  GameSettings,
  GameUsers,
} from "../../src/foundry/game/game-port.js";
import type { SocketPort } from "../../src/foundry/requests/request-channel.js";

/*
 * Foundry's `game` as v13 builds it, for the members Fray reads (src/foundry/game/game-port.ts). Read in v13's
 * client/game.mjs (Game: the world collections, `user` as `users.current`, `combat` as `combats.viewed`, `ready`),
 * client/documents/collections/users.mjs (`activeGM` is `getDesignatedUser(u => u.active && u.isGM)`: the highest
 * role, then the lowest id), client/documents/collections/scenes.mjs (`viewed` is the scene with `isView`, `active`
 * the one with `active`), client/helpers/client-settings.mjs (`get` gives the stored value, else the registered
 * default, and throws for an unregistered key) and client/helpers/localization.mjs (`localize` falls back to the key).
 * A test gives the documents and services it sets; the fake supplies nothing v13 would not.
 */

/** A user as the fake reads it: v13's User#isGM and #active, and its role (GAMEMASTER 4, ASSISTANT 3, PLAYER 1). */
export interface FakeGameUser {
  readonly id: string | null;
  readonly name?: string | null;
  readonly isGM: boolean;
  readonly active?: boolean;
  readonly role?: number;
}

export interface FakeGameOptions {
  /** This client's user; added to `users` when it is not there. */
  readonly user?: FakeGameUser;
  readonly users?: readonly FakeGameUser[];
  /** The ids of connected users (v13's User#active); every user when left out. */
  readonly active?: readonly string[];
  readonly i18n?: Partial<GameI18n>;
  /** Stored settings by "namespace.key"; every one counts as registered. */
  readonly settings?: Record<string, unknown>;
  readonly combats?: readonly unknown[];
  /** The combat the tracker views (v13: `ui.combat.viewed`). */
  readonly combat?: unknown;
  readonly scenes?: readonly unknown[];
  readonly viewedScene?: string;
  readonly activeScene?: string;
  readonly messages?: readonly unknown[];
  readonly actors?: readonly unknown[];
  readonly items?: readonly unknown[];
  readonly macros?: readonly unknown[];
  readonly modules?: Record<string, { active: boolean }>;
  readonly socket?: SocketPort;
  readonly worldId?: string;
  readonly system?: object;
  readonly ready?: boolean;
  readonly dice3d?: Dice3dLike;
  /** Members of v13's game that only the fakes of Foundry's own classes read (for example `audio`). */
  readonly extra?: Record<string, unknown>;
}

/** A document's id as a collection keys it; an item without one is keyed by its place. */
const idOf = (i: unknown, n: number): string => {
  const id = (i as { id?: unknown }).id;
  return typeof id === "string" ? id : String(n);
};

/** foundry.utils.Collection (a Map by document id) as a world collection offers it, in insertion order. */
export class FakeGameCollection<T> implements GameCollection<T> {
  readonly #items = new Map<string, T>();
  constructor(items: readonly unknown[] = []) {
    items.forEach((i, n) => this.#items.set(idOf(i, n), i as T));
  }
  [Symbol.iterator](): Iterator<T> {
    return this.#items.values();
  }
  get(id: string): T | undefined {
    return this.#items.get(id);
  }
  get contents(): T[] {
    return [...this.#items.values()];
  }
  get size(): number {
    return this.#items.size;
  }
  find(predicate: (value: T) => boolean): T | undefined {
    return this.contents.find(predicate);
  }
  filter(predicate: (value: T) => boolean): T[] {
    return this.contents.filter(predicate);
  }
  some(predicate: (value: T) => boolean): boolean {
    return this.contents.some(predicate);
  }
  map<U>(fn: (value: T) => U): U[] {
    return this.contents.map(fn);
  }
  /** What a test adds or replaces later, as a created document would be (Collection#set). */
  set(id: string, item: unknown): this {
    this.#items.set(id, item as T);
    return this;
  }
  delete(id: string): boolean {
    return this.#items.delete(id);
  }
  clear(): void {
    this.#items.clear();
  }
}

/** CombatEncounters: `viewed` is the combat the sidebar tracker shows (v13 reads `ui.combat.viewed`). */
export class FakeCombats extends FakeGameCollection<Combat.Stored> {
  viewed: unknown = null;
  /** A test's combat made after the game, as a created one joins the collection. */
  push(combat: { id: string | null }): void {
    this.set(combat.id ?? String(this.size), combat);
  }
}

const GAMEMASTER = 4;
const PLAYER = 1;

class FakeUsers extends FakeGameCollection<User.Stored> implements GameUsers {
  readonly #active: ReadonlySet<string> | null;
  constructor(users: readonly FakeGameUser[], active: readonly string[] | undefined) {
    super(users);
    this.#active = active ? new Set(active) : null;
  }
  /** Users#getDesignatedUser: the qualifying user of highest role, then of lowest id. */
  get activeGM(): User.Implementation | null {
    const qualifying = this.contents.filter((u) => u.isGM && this.#isActive(u as unknown as FakeGameUser));
    let designated = qualifying[0] ?? null;
    for (const candidate of qualifying.slice(1)) {
      const byRole = roleOf(candidate) - roleOf(designated as unknown as FakeGameUser);
      if (byRole > 0 || (byRole === 0 && (candidate.id ?? "") < (designated?.id ?? ""))) designated = candidate;
    }
    return designated;
  }
  #isActive(u: FakeGameUser): boolean {
    return this.#active ? this.#active.has(u.id ?? "") : (u.active ?? true);
  }
}

const roleOf = (u: FakeGameUser): number => u.role ?? (u.isGM ? GAMEMASTER : PLAYER);

class FakeScenes extends FakeGameCollection<Scene.Stored> implements GameScenes {
  constructor(
    scenes: readonly unknown[],
    readonly viewedId?: string,
    readonly activeId?: string,
  ) {
    super(scenes);
  }
  get viewed(): Scene.Stored | undefined {
    return this.viewedId === undefined ? undefined : this.get(this.viewedId);
  }
  get active(): Scene.Stored | undefined {
    return this.activeId === undefined ? undefined : this.get(this.activeId);
  }
}

/** ClientSettings: a stored value, else the registered default; an unregistered key throws, as in v13. */
export class FakeSettings implements GameSettings {
  readonly #values = new Map<string, unknown>();
  readonly #registered = new Map<string, Record<string, unknown>>();
  readonly writes: { key: string; value: unknown }[] = [];
  constructor(values: Record<string, unknown> = {}) {
    for (const [k, v] of Object.entries(values)) this.#values.set(k, v);
    // Registered by Foundry itself in Game#registerSettings (client/game.mjs), with v13's initial values.
    this.register("core", "rollMode", { default: "publicroll" });
    this.register("core", "combatTheme", { default: "none" });
  }
  get(namespace: string, key: string): unknown {
    const id = `${namespace}.${key}`;
    if (this.#values.has(id)) return this.#values.get(id);
    const config = this.#registered.get(id);
    if (!config) throw new Error(`"${id}" is not a registered game setting`);
    return config.default;
  }
  set(namespace: string, key: string, value: unknown): Promise<unknown> {
    const id = `${namespace}.${key}`;
    this.#values.set(id, value);
    this.writes.push({ key: id, value });
    return Promise.resolve(value);
  }
  register(namespace: string, key: string, data: Record<string, unknown>): void {
    this.#registered.set(`${namespace}.${key}`, data);
  }
  /** What Fray registered under a key, for a test to read. */
  registered(namespace: string, key: string): Record<string, unknown> | undefined {
    return this.#registered.get(`${namespace}.${key}`);
  }
}

const NO_SOCKET: SocketPort = { emit: () => undefined, on: () => undefined };

export class FakeGame implements GamePort {
  readonly user: User.Stored;
  readonly users: FakeUsers;
  readonly i18n: GameI18n;
  readonly settings: FakeSettings;
  readonly combats: FakeCombats;
  readonly scenes: FakeScenes;
  readonly messages: FakeGameCollection<ChatMessage.Stored>;
  readonly actors: FakeGameCollection<Actor.Stored>;
  readonly items: FakeGameCollection<Item.Stored>;
  readonly macros: FakeGameCollection<Macro.Stored>;
  readonly modules: { get(id: string): { readonly active: boolean } | undefined };
  readonly socket: SocketPort;
  readonly world: { readonly id: string };
  readonly system: object;
  ready: boolean;
  readonly dice3d?: Dice3dLike;

  constructor(o: FakeGameOptions = {}) {
    const user = o.user ?? { id: "player", name: "Player", isGM: false };
    const users = o.users ?? [];
    this.user = user as unknown as User.Stored;
    this.users = new FakeUsers(users.some((u) => u.id === user.id) ? users : [user, ...users], o.active);
    this.i18n = {
      localize: o.i18n?.localize ?? ((key) => key),
      format: o.i18n?.format ?? ((key) => key),
    };
    this.settings = new FakeSettings(o.settings);
    this.combats = new FakeCombats(o.combats);
    this.combats.viewed = o.combat ?? null;
    this.scenes = new FakeScenes(o.scenes ?? [], o.viewedScene, o.activeScene);
    this.messages = new FakeGameCollection(o.messages);
    this.actors = new FakeGameCollection(o.actors);
    this.items = new FakeGameCollection(o.items);
    this.macros = new FakeGameCollection(o.macros);
    const modules = o.modules ?? {};
    this.modules = { get: (id) => modules[id] };
    this.socket = o.socket ?? NO_SOCKET;
    this.world = { id: o.worldId ?? "world" };
    this.system = o.system ?? { id: "fray" };
    this.ready = o.ready ?? true;
    if (o.dice3d) this.dice3d = o.dice3d;
    Object.assign(this, o.extra ?? {});
  }

  /** Game#combat: `combats.viewed`. */
  get combat(): Combat.Stored | null {
    return this.combats.viewed as Combat.Stored | null;
  }
}
