import type { SocketPort } from "../requests/request-channel.js";

/*
 * The one port over Foundry's `game`: the members of v13's Game that Fray reads, and no more. Read in Foundry's v13
 * client code: client/game.mjs (Game: user, users, i18n, settings, socket, world, system, modules, ready, combat and
 * the world collections), client/documents/collections/users.mjs (Users#activeGM), scenes.mjs (Scenes#viewed,
 * #active), combat-encounters.mjs (CombatEncounters), client/helpers/localization.mjs (Localization#localize,
 * #format) and client/helpers/client-settings.mjs (ClientSettings#get, #set, #register).
 * Documents keep Foundry's own types, since Fray hands them on to Foundry; the services are typed as Fray uses them.
 * A function asks for the part it needs (`Pick<GamePort, "user" | "users">`); only the entry points call `theGame()`.
 * Quench batches (src/foundry/quench/, but for its registration) drive a live world and read game themselves.
 */

/** Dice So Nice's API, as far as Fray uses it (`game.dice3d` when the module is active). */
export interface Dice3dLike {
  showForRoll(roll: unknown, user?: User | null, synchronize?: boolean): Promise<boolean>;
}

/** A world collection as Fray reads it (WorldCollection over foundry.utils.Collection). */
export interface GameCollection<T> extends Iterable<T> {
  get(id: string): T | undefined;
  readonly contents: T[];
  find(predicate: (value: T) => boolean): T | undefined;
  filter(predicate: (value: T) => boolean): T[];
}

/** game.users: the world's users and the one active GM (the active GM of highest role, then lowest id). */
export interface GameUsers extends GameCollection<User.Stored> {
  readonly activeGM: User.Implementation | null;
}

/** game.scenes: the scene this client views and the scene the GM made active. */
export interface GameScenes extends GameCollection<Scene.Stored> {
  readonly viewed: Scene.Stored | undefined;
  readonly active: Scene.Stored | undefined;
}

/** game.i18n: a key's text in the user's language, else English, else the key. */
export interface GameI18n {
  localize(key: string): string;
  format(key: string, data?: Record<string, string>): string;
}

/** game.settings: a stored value, else the registered default (v13 throws for an unregistered key). */
export interface GameSettings {
  get(namespace: string, key: string): unknown;
  set(namespace: string, key: string, value: unknown): Promise<unknown>;
  register(namespace: string, key: string, data: Record<string, unknown>): void;
}

export interface GamePort {
  /** The user of this client (null only before initializeDocuments, when Fray reads nothing). */
  readonly user: User.Stored;
  readonly users: GameUsers;
  readonly i18n: GameI18n;
  readonly settings: GameSettings;
  readonly combats: GameCollection<Combat.Stored>;
  /** The viewed combat (game.combats.viewed), or null. */
  readonly combat: Combat.Stored | null;
  readonly scenes: GameScenes;
  readonly messages: GameCollection<ChatMessage.Stored>;
  readonly actors: GameCollection<Actor.Stored>;
  readonly items: GameCollection<Item.Stored>;
  readonly macros: GameCollection<Macro.Stored>;
  readonly modules: { get(id: string): { readonly active: boolean } | undefined };
  readonly socket: SocketPort;
  readonly world: { readonly id: string };
  /** The system's package object: not frozen, so Fray hangs its API on it. */
  readonly system: object;
  /** Whether this client has finished loading (set just before the `ready` hook). */
  readonly ready: boolean;
  /** Dice So Nice's API, only while that module is active. */
  readonly dice3d?: Dice3dLike;
}

/** Foundry's `game`, the one read of the global in src/foundry (test/architecture/game-port.test.ts holds it). */
export const theGame = (): GamePort => game;

/** The same `game`, or nothing where there is none (a test of a query handler, a worker): only for optional extras. */
export const gameIfAny = (): GamePort | undefined => (globalThis as { game?: GamePort }).game;
