import { FakeCombatant, currentUser, g, worldTimeDelta } from "./foundry-combat.js";
import { updateSource } from "./foundry-update-diff.js";
import type { CombatantData } from "./foundry-token-combat.js";

/*
 * Foundry's own Combat, client/documents/combat.mjs, for tests that run Fray's FrayCombat on it: set it as the global
 * `Combat` before importing fray-combat.ts. See foundry-combat.ts for what each part mirrors.
 */
/** Combat#current and #previous (client/documents/combat.mjs `_getCurrentState`). */
export interface HistoryData {
  round: number;
  turn: number | null;
  combatantId: string | null;
  tokenId: string | null;
}

/** A collection as Foundry's: `contents` is a new array each time (sorting it leaves the collection alone). */
export class FakeCollection<T extends { id: string }> {
  readonly #map = new Map<string, T>();
  constructor(items: readonly T[] = []) {
    for (const i of items) this.#map.set(i.id, i);
  }
  get(id: string): T | undefined {
    return this.#map.get(id);
  }
  get contents(): T[] {
    return [...this.#map.values()];
  }
  get size(): number {
    return this.#map.size;
  }
  delete(id: string): void {
    this.#map.delete(id);
  }
  set(item: T): void {
    this.#map.set(item.id, item);
  }
  [Symbol.iterator](): Iterator<T> {
    return this.#map.values();
  }
}

export interface FoundryCombatData {
  readonly id: string;
  readonly type: string;
  readonly combatants: FakeCombatant[];
  readonly system?: Record<string, unknown>;
  readonly round?: number;
  readonly turn?: number | null;
  readonly scene?: string | null;
}

export class FoundryCombat {
  readonly id: string;
  readonly type: string;
  round: number;
  turn: number | null;
  active = true;
  scene: string | null;
  /** The system data as prepared from its source (`#initialize`). */
  system!: Record<string, unknown>;
  #systemSource: Record<string, unknown>;
  readonly combatants: FakeCollection<FakeCombatant>;
  readonly groups = new FakeCollection<{ id: string; name: string }>();
  // As Foundry's field: data preparation may have set it before the field's own initialiser runs.
  turns: FakeCombatant[] = (this as { turns?: FakeCombatant[] }).turns || [];
  current: HistoryData = this._getCurrentState();
  previous: HistoryData | undefined = undefined;
  /** What these fakes watched: turn events as the active GM ran them, marker refreshes, sounds, preparation errors. */
  readonly lifecycle: { event: string; combatant?: string; context: Record<string, unknown> }[] = [];
  readonly played: string[] = [];
  readonly preparationErrors: unknown[] = [];
  readonly pending: Promise<void>[] = [];
  readonly clock = { worldTime: 0 };
  /** The options each update of this client was written with, as the server received them. */
  readonly updateOptions: Record<string, unknown>[] = [];

  constructor(data: FoundryCombatData) {
    this.id = data.id;
    this.type = data.type;
    this.round = data.round ?? 0;
    this.turn = data.turn ?? null;
    this.scene = data.scene ?? null;
    const system = data.system ?? { journal: null, events: [], revision: 0, start: {} };
    this.#systemSource = JSON.parse(JSON.stringify(system)) as Record<string, unknown>;
    this.combatants = new FakeCollection(data.combatants);
    for (const c of data.combatants) c.parent = this;
    this.#initialize();
  }

  /**
   * ClientDocumentMixin#_initialize, at creation and after each change of the source: system is a new model with this
   * combat as `parent`, its journal deep-cloned (common/data/fields.mjs TypeDataField and ObjectField `initialize`);
   * then the data is prepared, errors caught and logged (`_safePrepareData`).
   */
  #initialize(): void {
    const system = JSON.parse(JSON.stringify(this.#systemSource)) as Record<string, unknown>;
    this.system = Object.defineProperty(system, "parent", { value: this, writable: false, enumerable: false });
    try {
      this.prepareDerivedData();
    } catch (e) {
      this.preparationErrors.push(e);
    }
  }

  get combatant(): FakeCombatant | null | undefined {
    return this.turn !== null ? this.turns[this.turn] : null;
  }
  get nextCombatant(): FakeCombatant | undefined {
    if (this.turn === this.turns.length - 1) return this.turns[0];
    return this.turns[(this.turn as number) + 1];
  }
  get started(): boolean {
    return this.round > 0;
  }
  get isView(): boolean {
    return g().game?.combats?.viewed === this;
  }

  prepareDerivedData(): void {
    if (this.combatants.size && !this.turns?.length) this.setupTurns();
  }

  getTimeDelta(fromRound: number, fromTurn: number | null, toRound: number, toTurn: number | null): number {
    const rounds = Math.max(toRound, 1) - Math.max(fromRound, 1);
    let turns = Math.max(rounds - 1, 0) * this.turns.length;
    if (fromRound < toRound) {
      turns += toTurn === null ? 0 : toTurn;
      if (fromRound > 0) turns += fromTurn === null ? 0 : this.turns.length - fromTurn;
    } else if (fromRound > toRound) {
      turns -= fromTurn === null ? 0 : fromTurn + 1;
      if (fromRound > 0) turns -= toTurn === null ? 0 : this.turns.length - (toTurn + 1);
    } else turns += (toTurn as number) - (fromTurn as number);
    return rounds * g().CONFIG.time.roundTime + turns * g().CONFIG.time.turnTime;
  }

  async startCombat(): Promise<this> {
    this._playCombatSound("startEncounter");
    const updateData = { round: 1, turn: 0 };
    g().Hooks.callAll("combatStart", this, updateData);
    await this.update(updateData);
    return this;
  }

  setupTurns(): FakeCombatant[] {
    this.turns ||= [];
    const turns = this.combatants.contents.sort((a, b) => this._sortCombatants(a, b));
    if (this.turn !== null) {
      if (this.turn < 0) this.turn = 0;
      else if (this.turn >= turns.length) {
        this.turn = 0;
        this.round++;
      }
    }
    const c = turns[this.turn as number];
    this.current = this._getCurrentState(c);
    if (!this.previous) this.previous = this.current;
    return (this.turns = turns);
  }

  _sortCombatants(a: FakeCombatant, b: FakeCombatant): number {
    const ia = Number.isFinite(a.initiative) ? (a.initiative as number) : -Infinity;
    const ib = Number.isFinite(b.initiative) ? (b.initiative as number) : -Infinity;
    return ib - ia || (a.id > b.id ? 1 : -1);
  }

  _playCombatSound(announcement: string): void {
    if (!g().CONST.COMBAT_ANNOUNCEMENTS.includes(announcement))
      throw new Error(`"${announcement}" is not a valid Combat announcement type`);
    const theme = g().CONFIG.Combat.sounds[g().game.settings.get("core", "combatTheme") as string];
    const sounds = theme?.[announcement];
    if (!sounds) return;
    this.played.push(announcement);
    g().game.audio.play(sounds[0] as string);
  }

  /**
   * A write from this client: the server applies it, then every client (here, this one) runs _onUpdate with what
   * changed (foundry-update-diff.ts); an update that changes nothing is never sent, and runs nothing.
   */
  async update(data: Record<string, unknown>, options: Record<string, unknown> = {}): Promise<this> {
    await new Promise((r) => setTimeout(r, 0));
    const changed = this.updateSource(data);
    if (Object.keys(changed).length === 0) return this;
    this.updateOptions.push(JSON.parse(JSON.stringify(options)) as Record<string, unknown>);
    this.clock.worldTime += worldTimeDelta(options);
    this._onUpdate(changed, options, currentUser().id);
    g().Hooks.callAll("updateCombat", this, changed, options, currentUser().id);
    return this;
  }

  /** common/abstract/data.mjs `updateSource`: the change committed to the source, which is initialised again. */
  updateSource(changes: Record<string, unknown>, _options: Record<string, unknown> = {}): Record<string, unknown> {
    const source = {
      round: this.round,
      turn: this.turn,
      active: this.active,
      scene: this.scene,
      system: this.#systemSource,
    };
    const changed = updateSource(source, changes);
    Object.assign(this, { round: source.round, turn: source.turn, active: source.active, scene: source.scene });
    if (Object.keys(changed).length > 0) this.#initialize();
    return changed;
  }

  _onUpdate(changed: Record<string, unknown>, options: Record<string, unknown>, _userId: string): void {
    const priorState = structuredClone(this.current);
    if (!this.previous) this.previous = priorState;
    if ("combatants" in changed) this.setupTurns();
    else this.current = this._getCurrentState();
    const stateChanged = this.#recordPreviousState(priorState);
    if (stateChanged && options.turnEvents !== false) this.pending.push(this._manageTurnEvents());
    if (stateChanged) this._updateTurnMarkers();
    if (this.active && stateChanged && this.started && priorState.round) {
      const play = (c: FakeCombatant | null | undefined) => c && (currentUser().isGM ? !c.hasPlayerOwner : c.isOwner);
      if (play(this.combatant)) this._playCombatSound("yourTurn");
      else if (play(this.nextCombatant)) this._playCombatSound("nextUp");
    }
  }

  updateEmbeddedDocuments(
    _name: "Combatant",
    updates: Record<string, unknown>[],
    options: Record<string, unknown> = {},
  ): Promise<void> {
    const docs: FakeCombatant[] = [];
    for (const { _id, ...data } of updates) {
      const c = this.combatants.get(_id as string);
      if (!c) continue;
      // The schema validates before anything is written: Combatant#initiative is a NumberField.
      if ("initiative" in data && data.initiative !== null && !Number.isFinite(data.initiative))
        return Promise.reject(new Error(`Combatant [${c.id}] validation errors: initiative: must be a finite number`));
      Object.assign(c, data);
      c.updates.push(data);
      docs.push(c);
    }
    this.#onModifyCombatants(docs, options);
    return Promise.resolve();
  }

  /**
   * Combatants created from this client, as client/data/client-backend.mjs `#preCreateDocumentArray` makes them:
   * `_preCreate`, then the `preCreateCombatant` hook unless `noHook` (a client that skips it, or a direct socket
   * write, creates anyway); a false drops one. Every client then hears `createCombatant` and sets its turns up again
   * (`_onCreateDescendantDocuments`, `#onModifyCombatants`).
   */
  async createEmbeddedDocuments(
    _name: "Combatant",
    data: CombatantData[],
    options: Record<string, unknown> = {},
  ): Promise<FakeCombatant[]> {
    await new Promise((r) => setTimeout(r, 0));
    const user = currentUser();
    const created: FakeCombatant[] = [];
    for (const d of data) {
      const doc = new FakeCombatant(
        d._id ?? `c${this.combatants.size + created.length + 1}`,
        d.name ?? "",
        d.side ?? "",
        d.owners,
        d.hidden,
      );
      Object.assign(doc, { tokenId: d.tokenId ?? null, sceneId: d.sceneId ?? null, parent: this });
      if (!(options.noHook || g().Hooks.call("preCreateCombatant", doc, d, options, user.id))) continue;
      created.push(doc);
    }
    for (const doc of created) this.combatants.set(doc);
    for (const doc of created) g().Hooks.callAll("createCombatant", doc, options, user.id);
    if (created.length) this.#onModifyCombatants(created, options);
    return created;
  }

  deleteEmbeddedDocuments(
    _name: "Combatant",
    ids: string[],
    options: Record<string, unknown> = {},
  ): Promise<FakeCombatant[]> {
    const user = currentUser();
    const deleted: FakeCombatant[] = [];
    for (const id of ids) {
      const doc = this.combatants.get(id);
      if (!doc) continue;
      const allowed = options.noHook || g().Hooks.call("preDeleteCombatant", doc, options, user.id);
      if (allowed === false) continue;
      deleted.push(doc);
    }
    for (const doc of deleted) this.combatants.delete(doc.id);
    for (const doc of deleted) g().Hooks.callAll("deleteCombatant", doc, options, user.id);
    if (deleted.length) this.#onModifyCombatants(deleted, options);
    return Promise.resolve(deleted);
  }

  #onModifyCombatants(_documents: FakeCombatant[], options: Record<string, unknown>): void {
    const priorState = structuredClone(this.current);
    if (typeof options.combatTurn === "number") this.turn = options.combatTurn;
    this.setupTurns();
    const turnChange = this.#recordPreviousState(priorState);
    if (turnChange) {
      if (options.turnEvents !== false) this.pending.push(this._manageTurnEvents());
      this._updateTurnMarkers();
    }
  }

  _getCurrentState(combatant?: FakeCombatant | null): HistoryData {
    combatant ||= this.combatant;
    return {
      round: this.round,
      turn: this.turn ?? null,
      combatantId: combatant?.id || null,
      tokenId: combatant?.tokenId || null,
    };
  }

  #recordPreviousState(priorState: HistoryData): boolean {
    const { round, turn, combatantId } = this.current;
    const turnChange = combatantId !== priorState.combatantId || round !== priorState.round || turn !== priorState.turn;
    Object.assign(this.previous as HistoryData, priorState);
    return turnChange;
  }

  /** The marker refresh a turn change asks of every token with a marker and of the acting combatant's token. */
  _updateTurnMarkers(): void {
    if (!g().canvas?.ready) return;
    const currentToken = this.combatant?.token?._object;
    for (const token of g().canvas.tokens.turnMarkers)
      if (token !== currentToken) token.renderFlags.set({ refreshTurnMarker: true });
    if (this.isView && currentToken) currentToken.renderFlags.set({ refreshTurnMarker: true });
  }

  async _manageTurnEvents(): Promise<void> {
    if (!this.started) return;
    const { current, previous } = this;
    if (currentUser().isActiveGM) await this.#triggerTurnEvents();
    g().Hooks.callAll("combatTurnChange", this, previous, current);
  }

  /** Foundry's walk: every turn index from the previous to the current is passed, those in between as `skipped`. */
  async #triggerTurnEvents(): Promise<void> {
    const { turns, current } = this;
    const previous = this.previous as HistoryData;
    const intervals: [number, number][] = [];
    let roundDelta = current.round - previous.round;
    if (roundDelta === 0) {
      if (current.round > 0 && (previous.turn as number) < (current.turn as number))
        intervals.push([(previous.turn as number) + 1, current.turn as number]);
    } else if (roundDelta > 0) {
      if (previous.round > 0) intervals.push([(previous.turn as number) + 1, turns.length - 1]);
      while (--roundDelta) intervals.push([0, turns.length - 1]);
      intervals.push([0, current.turn ?? 0]);
    }
    if (intervals.length > 0) {
      let prior = {
        combatant: this.combatants.get(previous.combatantId ?? "") ?? null,
        round: previous.round,
        turn: previous.turn,
        skipped: false,
      };
      for (const [from, to] of intervals) {
        for (let turn = from; turn <= to; turn++) {
          const round = prior.round + (turn === 0 ? 1 : 0);
          const next = {
            combatant: turns[turn] ?? null,
            round,
            turn,
            skipped: round !== current.round || turn !== current.turn,
          };
          if (prior.combatant)
            await this.#onEndTurn(prior.combatant, { round: prior.round, turn: prior.turn, skipped: prior.skipped });
          if (prior.round !== next.round) {
            await this.#onEndRound({ round: prior.round, skipped: prior.round !== previous.round });
            await this.#onStartRound({ round: next.round, skipped: next.round !== current.round });
          }
          if (next.combatant)
            await this.#onStartTurn(next.combatant, { round: next.round, turn: next.turn, skipped: next.skipped });
          prior = next;
        }
      }
    }
  }

  async #onEndTurn(combatant: FakeCombatant, context: Record<string, unknown>): Promise<void> {
    await this._onEndTurn(combatant, context);
    void this.#triggerRegionEvents(g().CONST.REGION_EVENTS.TOKEN_TURN_END as string, context, [combatant]);
  }
  async #onEndRound(context: Record<string, unknown>): Promise<void> {
    await this._onEndRound(context);
    void this.#triggerRegionEvents(g().CONST.REGION_EVENTS.TOKEN_ROUND_END as string, context, this.combatants);
  }
  async #onStartRound(context: Record<string, unknown>): Promise<void> {
    await this._onStartRound(context);
    void this.#triggerRegionEvents(g().CONST.REGION_EVENTS.TOKEN_ROUND_START as string, context, this.combatants);
  }
  async #onStartTurn(combatant: FakeCombatant, context: Record<string, unknown>): Promise<void> {
    await this._onStartTurn(combatant, context);
    if (combatant.token) await this._clearMovementHistoryOnStartTurn(combatant);
    void this.#triggerRegionEvents(g().CONST.REGION_EVENTS.TOKEN_TURN_START as string, context, [combatant]);
  }
  async #triggerRegionEvents(
    name: string,
    data: Record<string, unknown>,
    combatants: Iterable<FakeCombatant>,
  ): Promise<void> {
    const all: Promise<void>[] = [];
    for (const combatant of combatants) {
      const token = combatant.token;
      for (const region of token?.regions ?? [])
        all.push(region._triggerEvent(name, { token, combatant, combat: this, ...data }));
    }
    await Promise.allSettled(all);
  }

  // Foundry's defaults do nothing: these only watch.
  _onStartTurn(combatant: FakeCombatant, context: Record<string, unknown>): Promise<void> {
    this.lifecycle.push({ event: "startTurn", combatant: combatant.id, context });
    return Promise.resolve();
  }
  _onEndTurn(combatant: FakeCombatant, context: Record<string, unknown>): Promise<void> {
    this.lifecycle.push({ event: "endTurn", combatant: combatant.id, context });
    return Promise.resolve();
  }
  _onStartRound(context: Record<string, unknown>): Promise<void> {
    this.lifecycle.push({ event: "startRound", context });
    return Promise.resolve();
  }
  _onEndRound(context: Record<string, unknown>): Promise<void> {
    this.lifecycle.push({ event: "endRound", context });
    return Promise.resolve();
  }
  async _clearMovementHistoryOnStartTurn(combatant: FakeCombatant): Promise<void> {
    await combatant.token?.clearMovementHistory();
  }

  /** Wait for the turn events this client started (Foundry does not wait for them; a test must). */
  async settled(): Promise<void> {
    while (this.pending.length) await this.pending.shift();
  }
}
