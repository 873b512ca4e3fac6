import type { CombatLike, CombatantLike, UserLike } from "../../src/foundry/combat/fight/ports.js";
import { dispatchFrayHooks, type HookBus } from "../../src/foundry/combat/turns/fray-hooks.js";
import { sourceChange } from "../../src/foundry/combat/fight/checked-chunks.js";
import { updateSource } from "./foundry-update-diff.js";

/**
 * Fakes of the Foundry documents Fray's combat code calls, each read from Foundry v13's own client code.
 * - `FakeCombat`: the shapes in ports.ts, for the turn-request handling. Its update is applied as v13's client
 *   applies one and reports only what changed (foundry-update-diff.ts: round and turn included; an update that
 *   changes nothing runs nothing), runs the hook dispatch every real client runs, and advances world time by the
 *   update's `worldTime.delta` (the option client/documents/combat.mjs `nextTurn`/`nextRound` pass; the server
 *   applies it). Its system data is prepared afresh from the source after each change, as common/abstract/data.mjs
 *   `updateSource` and `_initialize` do, and the change runs through Fray's `sourceChange`, as FrayCombat's
 *   `updateSource` runs it.
 * - `FoundryCombat` (foundry-combat-document.ts): Foundry's own Combat (client/documents/combat.mjs): `turns`,
 * `current` and `previous`
 *   (`setupTurns`, `_getCurrentState`, `#recordPreviousState`), `_onUpdate` and `#onModifyCombatants` with their
 *   prior state, `_manageTurnEvents` and `#triggerTurnEvents`, `_updateTurnMarkers`, `_playCombatSound`,
 *   `getTimeDelta`, `startCombat` and `createEmbeddedDocuments` (foundry-token-combat.ts: `Combat._onDeleteTokens`,
 *   `TokenDocument.createCombatants`, `deleteCombatants`); data prepared at construction, errors caught as
 *   client/documents/abstract/client-document.mjs `_safePrepareData` catches them; combatant deletions run `_preDelete`
 *   then the `preDeleteCombatant` hook, as client/data/client-backend.mjs `#preDeleteDocumentArray` does.
 * - `FakeHooks`: client/helpers/hooks.mjs: Hooks.callAll (returns nothing), Hooks.call (a handler returning false
 *   stops it: false), Hooks.on and off.
 * What they record (`lifecycle`, `markers`, `played`, a token's `cleared`, a region's `events`) only watches what
 * Foundry does: it supplies nothing Foundry does not.
 */
export class FakeUser implements UserLike {
  constructor(
    readonly id: string,
    readonly name: string,
    readonly isGM = false,
    /** The one GM who runs turn events (Foundry's game.users.activeGM). */
    readonly isActiveGM = isGM,
  ) {}
}

/** A region a token stands in; `_triggerEvent` as client/documents/region.mjs offers it to Combat's region events. */
export class FakeRegion {
  readonly events: { name: string; data: Record<string, unknown> }[] = [];
  constructor(readonly id: string) {}
  _triggerEvent(name: string, data: Record<string, unknown>): Promise<void> {
    this.events.push({ name, data });
    return Promise.resolve();
  }
}

/** A combatant's token: its regions, its movement history, and its placeable's render flags (turn markers). */
export class FakeToken {
  cleared = 0;
  /** Foundry's movementHistory: the moves recorded since the turn began. */
  movementHistory: unknown[] = [];
  readonly refreshed: unknown[] = [];
  readonly _object = { renderFlags: { set: (flags: unknown) => void this.refreshed.push(flags) } };
  constructor(
    readonly id: string,
    readonly regions: FakeRegion[] = [],
    readonly disposition = 0,
  ) {}
  clearMovementHistory(): Promise<void> {
    this.cleared++;
    this.movementHistory = [];
    return Promise.resolve();
  }
}

/** What a combatant asks of its Combat to update or delete it. */
export interface CombatantParent {
  updateEmbeddedDocuments(
    name: "Combatant",
    updates: Record<string, unknown>[],
    options?: Record<string, unknown>,
  ): Promise<unknown>;
  deleteEmbeddedDocuments(name: "Combatant", ids: string[], options?: Record<string, unknown>): Promise<unknown>;
}

export class FakeCombatant implements CombatantLike {
  /** The scene and token it stands for, as Foundry's Combatant keeps them (null: no token). */
  sceneId: string | null = null;
  tokenId: string | null = null;
  token: FakeToken | null = null;
  initiative: number | null = null;
  defeated = false;
  actor: { system: unknown } | null = null;
  group: string | null = null;
  /** Its Combat, which writes its updates and deletions (FoundryCombat in foundry-combat-document.ts). */
  parent: CombatantParent | null = null;
  readonly updates: Record<string, unknown>[] = [];
  constructor(
    readonly id: string,
    readonly name: string,
    readonly side: string,
    readonly owners: readonly string[] = [],
    public hidden = false,
    readonly img = `icons/${id}.webp`,
  ) {}
  testUserPermission(user: UserLike, permission: "OWNER"): boolean {
    return permission === "OWNER" && (user.isGM || (user.id !== null && this.owners.includes(user.id)));
  }
  get isDefeated(): boolean {
    return this.defeated;
  }
  get hasPlayerOwner(): boolean {
    return this.owners.length > 0;
  }
  /** As Foundry's Document#isOwner: the user of this client (game.user) owns it. */
  get isOwner(): boolean {
    return this.testUserPermission(currentUser(), "OWNER");
  }
  async update(data: Record<string, unknown>): Promise<this> {
    await this.parent?.updateEmbeddedDocuments("Combatant", [{ _id: this.id, ...data }]);
    return this;
  }
  async delete(options: Record<string, unknown> = {}): Promise<this> {
    await this.parent?.deleteEmbeddedDocuments("Combatant", [this.id], options);
    return this;
  }
}

export class FakeHooks implements HookBus {
  readonly calls: { hook: string; args: unknown[] }[] = [];
  readonly #handlers = new Map<string, Map<number, (...args: unknown[]) => unknown>>();
  #next = 0;
  on(hook: string, fn: (...args: unknown[]) => unknown): number {
    const id = ++this.#next;
    this.#handlers.set(
      hook,
      (this.#handlers.get(hook) ?? new Map<number, (...args: unknown[]) => unknown>()).set(id, fn),
    );
    return id;
  }
  off(hook: string, id: number): void {
    this.#handlers.get(hook)?.delete(id);
  }
  /** Hooks.callAll: every handler, whatever it returns; v13's returns nothing. */
  callAll(hook: string, ...args: unknown[]): void {
    this.calls.push({ hook, args });
    for (const fn of this.#handlers.get(hook)?.values() ?? []) fn(...args);
  }
  /** Hooks.call: the handlers in turn until one returns false, which stops the event (a pre-hook's veto). */
  call(hook: string, ...args: unknown[]): boolean {
    this.calls.push({ hook, args });
    for (const fn of this.#handlers.get(hook)?.values() ?? []) if (fn(...args) === false) return false;
    return true;
  }
  count(hook: string): number {
    return this.calls.filter((c) => c.hook === hook).length;
  }
}

export class FakeCombat implements CombatLike {
  round = 0;
  turn: number | null = null;
  /**
   * The document's source, and its system data as prepared from it. Foundry keeps the source as data that came over
   * its socket as JSON: never an object the caller still holds, and no two paths sharing one object.
   */
  #source: Record<string, unknown> = { journal: null, events: [], revision: 0 };
  #system: Record<string, unknown> = this.#prepared();
  /**
   * The system data as Foundry prepares it: afresh from the source after every change of it. common/abstract/data.mjs
   * `updateSource` commits the change, then `_initialize`s every field again: TypeDataField#initialize makes a new
   * model with the combat as its `parent` (not enumerable, DataModel's constructor), and ObjectField#initialize
   * deep-clones the journal. No object read before an update is read after it.
   */
  get system(): Record<string, unknown> {
    return this.#system;
  }
  /** A new source whole, as a document made from it (or `==system`): prepared afresh, as any change of the source. */
  set system(value: Record<string, unknown>) {
    sourceChange(this, () => {
      this.#source = JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
      this.#system = this.#prepared();
      return { "==system": value };
    });
  }
  #prepared(): Record<string, unknown> {
    const data = JSON.parse(JSON.stringify(this.#source)) as Record<string, unknown>;
    return Object.defineProperty(data, "parent", { value: this, writable: false, enumerable: false });
  }
  readonly updates: Record<string, unknown>[] = [];
  /** The options each update was written with, as the server received them. */
  readonly updateOptions: Record<string, unknown>[] = [];
  /** The world's clock (game.time.worldTime), which the server advances by an update's `worldTime.delta`. */
  worldTime = 0;
  readonly combatants: { get(id: string): FakeCombatant | undefined; contents: FakeCombatant[] };
  constructor(
    readonly id: string,
    readonly type: string,
    roster: FakeCombatant[],
    private readonly hooks: FakeHooks,
  ) {
    this.combatants = { get: (id) => roster.find((c) => c.id === id), contents: roster };
  }
  get started(): boolean {
    return this.round > 0;
  }
  async update(data: Record<string, unknown>, options: Record<string, unknown> = {}): Promise<this> {
    // The database round trip is asynchronous: yield so concurrent requests really interleave.
    await new Promise((r) => setTimeout(r, 0));
    this.updates.push(data);
    // As Foundry's client sends an update (updateSource, then only the difference): an empty one goes nowhere.
    // As every client applies it (client/data/client-backend.mjs: `updateSource`, which prepares the data afresh).
    const source = { round: this.round, turn: this.turn, system: this.#source };
    const changed = sourceChange(this, () => {
      const diff = updateSource(source, data);
      if (Object.keys(diff).length > 0) this.#system = this.#prepared();
      return diff;
    });
    [this.round, this.turn] = [source.round, source.turn];
    if (Object.keys(changed).length === 0) return this;
    this.updateOptions.push(JSON.parse(JSON.stringify(options)) as Record<string, unknown>);
    this.worldTime += worldTimeDelta(options);
    dispatchFrayHooks(this.hooks, this, changed, options);
    return this;
  }
}

/** The seconds an update's options advance the world's clock by (its `worldTime.delta`, when a number). */
export function worldTimeDelta(options: Record<string, unknown>): number {
  const delta = (options.worldTime as { delta?: unknown } | undefined)?.delta;
  return typeof delta === "number" && Number.isFinite(delta) ? delta : 0;
}

export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split(".");
  let node = target;
  for (const p of parts.slice(0, -1)) {
    if (typeof node[p] !== "object" || node[p] === null) node[p] = {};
    node = node[p] as Record<string, unknown>;
  }
  assign(node, parts[parts.length - 1] as string, value);
}

function assign(node: Record<string, unknown>, key: string, value: unknown): void {
  if (key.startsWith("-=")) delete node[key.slice(2)];
  else if (key.startsWith("==")) node[key.slice(2)] = value;
  else if (isPlainObject(value) && isPlainObject(node[key])) {
    for (const [k, v] of Object.entries(value)) assign(node[key], k, v);
  } else node[key] = value;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Foundry's globals these fakes read, as the test sets them (vi.stubGlobal). */
export interface FoundryGlobals {
  game: {
    user: FakeUser;
    settings: { get(scope: string, key: string): unknown };
    audio: { play(src: string): void };
    combats?: Iterable<FoundryCombatLike> & { viewed?: unknown };
  };
  Hooks: FakeHooks;
  CONFIG: {
    time: { roundTime: number; turnTime: number };
    Combat: { sounds: Record<string, Record<string, string[]>> };
  };
  CONST: { COMBAT_ANNOUNCEMENTS: string[]; REGION_EVENTS: Record<string, string> };
  canvas: { ready: boolean; tokens: { turnMarkers: Set<FakeToken["_object"]> } };
}
/** A Combat as Combat._onDeleteTokens walks them (game.combats). */
export interface FoundryCombatLike extends CombatantParent {
  readonly scene: string | null;
  readonly combatants: { readonly contents: FakeCombatant[] };
}
export const g = () => globalThis as unknown as FoundryGlobals;
export const currentUser = (): FakeUser => g().game?.user ?? new FakeUser("nobody", "Nobody");
