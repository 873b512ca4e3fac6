import type { GamePort } from "../../src/foundry/game/game-port.js";
/**
 * A small fake of Foundry v13's client Actor, for FrayActor's status effects and creation, read from v13's
 * `client/documents/actor.mjs` and `token-hud.mjs` and checked against fvtt-types 13.345:
 *
 * - `effects` is a Collection (iterates its values) of ActiveEffects whose `statuses` is a Set;
 * - `statuses` is rebuilt by `applyActiveEffects()` from every active effect, and the actor is prepared again when an
 *   update or an embedded effect changes it;
 * - `update` on the writing client, as `common/abstract/document.mjs` (`update`) and `client/data/client-backend.mjs`
 *   (`#preUpdateDocumentArray`) do it: the change, expanded and with its `_id`, goes to `_preUpdate` (which may edit
 *   it in place), then it is diffed against the source (no change: nothing happens, no `_onUpdate`), the source takes
 *   it and `_onUpdate(changed, options, userId)` runs with the diff and its `_id`;
 * - `toggleStatusEffect(id, {active, overlay})` as v13 defines it: an id missing from CONFIG.statusEffects throws; an
 *   existing single-status effect is kept (`active` true: returns true) or deleted (returns false); otherwise nothing
 *   when `active` is false or null (returns undefined), else a new effect from the status (name localised, the
 *   overlay flag when asked) is created and returned;
 * - `_preCreate(data, options, user)` before the source is saved; `updateSource` merges into the source.
 */

type Rec = Record<string, unknown>;

export interface FakeEffect {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly statuses: Set<string>;
  readonly flags: Rec;
  readonly disabled: boolean;
}

/** Foundry's Collection: keyed by id, iterating its values, with Array-like find and `contents`. */
export class FakeCollection<T> {
  readonly #map = new Map<string, T>();
  [Symbol.iterator](): IterableIterator<T> {
    return this.#map.values();
  }
  get(id: string): T | undefined {
    return this.#map.get(id);
  }
  has(id: string): boolean {
    return this.#map.has(id);
  }
  set(id: string, value: T): void {
    this.#map.set(id, value);
  }
  delete(id: string): boolean {
    return this.#map.delete(id);
  }
  find(fn: (v: T) => boolean): T | undefined {
    for (const v of this.#map.values()) if (fn(v)) return v;
    return undefined;
  }
  get contents(): T[] {
    return [...this.#map.values()];
  }
}

const isRec = (x: unknown): x is Rec => typeof x === "object" && x !== null && !Array.isArray(x);
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** foundry.utils.expandObject: "a.b": 1 becomes { a: { b: 1 } }. */
export function expand(data: Rec): Rec {
  const out: Rec = {};
  for (const [k, v] of Object.entries(data)) {
    const parts = k.split(".");
    let node = out;
    for (const p of parts.slice(0, -1)) node = isRec(node[p]) ? node[p] : (node[p] = {});
    const last = parts[parts.length - 1] as string;
    node[last] = isRec(v) ? { ...(isRec(node[last]) ? node[last] : {}), ...expand(v) } : v;
  }
  return out;
}

/** foundry.utils.diffObject: the parts of `change` that differ from `source`. */
function diff(source: unknown, change: Rec): Rec {
  const out: Rec = {};
  for (const [k, v] of Object.entries(change)) {
    const s = isRec(source) ? source[k] : undefined;
    if (isRec(v)) {
      const inner = diff(s, v);
      if (Object.keys(inner).length) out[k] = inner;
    } else if (JSON.stringify(s) !== JSON.stringify(v)) out[k] = v;
  }
  return out;
}

function merge(target: Rec, change: Rec): void {
  for (const [k, v] of Object.entries(change)) {
    if (isRec(v) && isRec(target[k])) merge(target[k], v);
    else target[k] = clone(v);
  }
}

// Foundry's Actor reads the global game, as v13's client/documents/actor.mjs does; tests set a FakeGame there.
const game = (): Pick<GamePort, "user" | "i18n"> => (globalThis as unknown as { game: GamePort }).game;
const statusEffects = (): { id: string; name: string; img: string; _id?: string }[] =>
  (globalThis as unknown as { CONFIG: { statusEffects: { id: string; name: string; img: string }[] } }).CONFIG
    .statusEffects;

let nextId = 0;

export class FakeFoundryActor {
  readonly _source: { system: Rec; prototypeToken: Rec };
  system: Rec = {};
  statuses = new Set<string>();
  readonly effects = new FakeCollection<FakeEffect>();
  readonly id: string;
  readonly uuid: string;
  /** Every update that reached the database, as Foundry sends it after the diff and `_preUpdate`. */
  readonly written: Rec[] = [];

  constructor(
    readonly type: string,
    system: Rec,
    id = `actor${++nextId}`,
  ) {
    this.id = id;
    this.uuid = `Actor.${id}`;
    // A v13 prototype token with no primaryTokenAttribute in system.json: both bars start with no attribute.
    this._source = {
      system: clone(system),
      prototypeToken: { bar1: { attribute: null }, bar2: { attribute: null }, disposition: -1 },
    };
    this.prepareData();
  }

  prepareData(): void {
    this.system = clone(this._source.system);
    this.applyActiveEffects();
  }

  applyActiveEffects(): void {
    this.statuses.clear();
    for (const e of this.effects) if (!e.disabled) for (const s of e.statuses) this.statuses.add(s);
  }

  updateSource(changes: Rec): void {
    merge(this._source, expand(changes));
    this.prepareData();
  }

  /**
   * v13's `Document#update` on the writing client: `_id` joins the data, the backend expands it, `_preUpdate` sees the
   * whole change (and may edit it in place), and only then is it diffed against the source. No difference: nothing
   * is written and `_onUpdate` does not run.
   */
  async update(data: Rec | undefined, options: Rec = {}): Promise<this | undefined> {
    await Promise.resolve();
    const changes = expand({ ...(data ?? {}), _id: this.id });
    const allowed = await this._preUpdate(changes, options, game().user);
    if (allowed === false) return undefined;
    const rest = { ...changes };
    delete rest._id;
    const changed = diff(this._source, rest);
    if (!Object.keys(changed).length) return undefined;
    this.written.push(changed);
    merge(this._source, changed);
    this.prepareData();
    this._onUpdate({ ...changed, _id: this.id }, options, game().user.id);
    return this;
  }

  protected async _preUpdate(_changes: Rec, _options: Rec, _user: unknown): Promise<boolean | void> {}
  protected _onUpdate(_changed: Rec, _options: Rec, _userId: string): void {}
  protected async _preCreate(_data: Rec, _options: Rec, _user: unknown): Promise<boolean | void> {}
  protected _onCreate(_data: Rec, _options: Rec, _userId: string): void {}

  /** Actor.create on the creating client: `_preCreate`, then the saved source, then `_onCreate`. */
  static async create<T extends FakeFoundryActor>(
    this: new (type: string, system: Rec) => T,
    data: { type: string; system?: Rec },
  ): Promise<T> {
    const actor = new this(data.type, {});
    actor._source.system = clone(data.system ?? {});
    await actor._preCreate(data, {}, game().user);
    actor.prepareData();
    actor._onCreate(data, {}, game().user.id);
    return actor;
  }

  async toggleStatusEffect(
    statusId: string,
    { active, overlay = false }: { active?: boolean | null; overlay?: boolean | null } = {},
  ) {
    const status = statusEffects().find((e) => e.id === statusId);
    if (!status) throw new Error(`Invalid status ID "${statusId}" provided to Actor#toggleStatusEffect`);
    const existing = status._id
      ? this.effects.has(status._id)
        ? [status._id]
        : []
      : this.effects.contents.filter((e) => e.statuses.size === 1 && e.statuses.has(status.id)).map((e) => e.id);
    await Promise.resolve();
    if (existing.length) {
      if (active) return true;
      for (const id of existing) this.effects.delete(id);
      this.prepareData();
      return false;
    }
    if (!active && active !== undefined) return undefined;
    const effect: FakeEffect = {
      id: `effect${++nextId}`,
      name: game().i18n.localize(status.name),
      img: status.img,
      statuses: new Set([status.id]),
      flags: overlay ? { core: { overlay: true } } : {},
      disabled: false,
    };
    this.effects.set(effect.id, effect);
    this.prepareData();
    return effect;
  }

  /** An effect made by other means (a module, an item): not Fray's mirror. */
  addEffect(statuses: string[]): FakeEffect {
    const effect: FakeEffect = {
      id: `effect${++nextId}`,
      name: "",
      img: "",
      statuses: new Set(statuses),
      flags: {},
      disabled: false,
    };
    this.effects.set(effect.id, effect);
    this.prepareData();
    return effect;
  }
}
