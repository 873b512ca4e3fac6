import type { BehaviourLike, GridLike, XY } from "../../src/foundry/canvas/space/scene-ports.js";
import type { FakeScene, FakeToken } from "./foundry-scene.js";

/**
 * A fake of v13's token movement workflow, read from Foundry's own client code:
 * - `client/documents/token.mjs`, `#preUpdateMovement`: the waypoints are cleaned (a missing action is the one before),
 *   the origin is the document's source, a new random movement id is made, and `#splitMovementPath` cuts the path
 *   after its first checkpoint. `movement.passed` and `movement.pending` hold the complete paths
 *   (`getCompleteMovementPath`: the squares of each straight leg added as `intermediate` waypoints, none for a
 *   teleport), `movement.destination` is the end of the passed part, `movement.chain` is the chain the continuation
 *   passed in `_movementArguments` (empty for a first segment). Then `_preUpdateMovement(movement, operation)` is
 *   awaited; a `false` drops the update (and a continuation stops). Paste and undo are not split.
 * - `#splitMovementPath`: a waypoint with `checkpoint` ends the passed part; so does the first point where the token's
 *   centre crosses into or out of a region whose enabled behaviours handle a token move, enter or exit event.
 * - `#onUpdateOperationMovement`: every client hears of the segment in `_onUpdateMovement(movement, operation, user)`,
 *   after its `_onUpdate(changed, operation, userId)`, whose operation holds the movement as `_movement[tokenId]`.
 * - An update written without that workflow (a direct `modifyDocument` on the socket, a patched class): the server
 *   takes an x, y or elevation without `_movement` as it is (the server's Token#_preUpdate checks only a movement it
 *   is given), and every client hears of it in `_onUpdate` alone: no movement, no `_onUpdateMovement`, no history.
 * - `#onUpdateContinueMovement` and `#continueMovement`: the user who made the segment, and no other, moves on after
 *   the update's workflow, through the pending waypoints that are not intermediate, with the chain of ids so far.
 * - `revertRecordedMovement`: an update with `isUndo`, its method "undo".
 * - `client/canvas/placeables/token.mjs`, `_addDragWaypoint`: every waypoint a user adds while dragging is explicit and
 *   a checkpoint, and the drop moves with method "dragging" (`drag` below).
 * - `client/documents/region-behavior.mjs`, `hasEvent`: a behaviour handles an event its type registers statically or
 *   its own `events` set holds; Fray's types register none (region-behaviours.test.ts), a fake behaviour lists its own.
 * Not modelled, as Fray reads none of it: animation, walls constraining the path, measured costs, history, pausing.
 */

/** A waypoint as `TokenDocument#move` takes it and `movement.passed`/`pending` hold it (position, action, flags). */
export interface FakeWaypoint {
  readonly x: number;
  readonly y: number;
  /** Left out: the one before (the token's own for the first). */
  readonly elevation?: number;
  readonly action?: string;
  readonly checkpoint?: boolean;
  readonly explicit?: boolean;
  readonly intermediate?: boolean;
}

/** The movement operation of one segment, as `_preUpdateMovement` and `_onUpdateMovement` get it. */
export interface FakeMovement {
  readonly id: string;
  readonly chain: readonly string[];
  readonly origin: XY;
  readonly destination: XY & { readonly elevation?: number };
  readonly passed: { readonly waypoints: readonly FullWaypoint[] };
  readonly pending: { readonly waypoints: readonly FullWaypoint[] };
  readonly method: string;
  readonly autoRotate: boolean;
  readonly showRuler: boolean;
  readonly constrained: boolean;
}

/** Foundry's region event names a checkpoint listens for (CONST.REGION_EVENTS). */
const ENTERING = ["tokenMoveWithin", "tokenMoveIn", "tokenEnter"];
const LEAVING = ["tokenMoveWithin", "tokenMoveOut", "tokenExit"];

/** A behaviour as the fake reads it: Fray's (no events) or one of Foundry's own with its `events` set. */
export type FakeBehaviour = BehaviourLike & { readonly events?: readonly string[] };
const handles = (b: FakeBehaviour, names: readonly string[]) =>
  !b.disabled && names.some((n) => (b.events ?? []).includes(n));

type Options = Record<string, unknown> & { method?: string; autoRotate?: boolean; showRuler?: boolean };
type Args = { result: boolean; movementId?: string; chain?: readonly string[] };

/**
 * The server and every client's documents of a scene's tokens. A client's document moves (`move`); the server keeps
 * the scene's own tokens in step (the active GM's handlers read those) and has every client hear of it.
 */
export class FakeMovementServer {
  readonly #docs = new Map<string, FakeTokenDocument[]>();
  readonly #users = new Map<string, { id: string; isGM: boolean }>();
  /** Every segment made, in order: which user, which token, and the movement. */
  readonly made: { userId: string; tokenId: string; movement: FakeMovement }[] = [];
  #ids = 0;
  #busy = 0;

  constructor(
    readonly scene: FakeScene,
    /** `CONFIG.Token.movement.actions[action].teleport`: a teleport leg has no squares in between. */
    readonly teleports: (action: string) => boolean,
  ) {}

  /** A user's client joins with its own document for each token it is given. */
  join(user: { id: string; isGM: boolean }, docs: readonly FakeTokenDocument[]): void {
    this.#users.set(user.id, user);
    for (const d of docs) this.#docs.set(d.id, [...(this.#docs.get(d.id) ?? []), d]);
  }

  newId(): string {
    return `mv${++this.#ids}`;
  }

  /** Something this server is still doing (a continuation, a test's audit): `idle` waits for it. */
  track<T>(work: Promise<T>): Promise<T> {
    this.#busy++;
    return work.finally(() => this.#busy--);
  }

  async idle(): Promise<void> {
    for (let i = 0; i < 2_000 && this.#busy > 0; i++) await new Promise((r) => setTimeout(r, 0));
    if (this.#busy > 0) throw new Error("the movement never settled");
  }

  /**
   * An update of a token's position: the scene's token and every client's document move to the destination, then each
   * client hears of the segment, with a copy of it (it went through the server as JSON).
   */
  commit(userId: string, tokenId: string, movement: FakeMovement, operation: Options): void {
    const { x, y } = movement.destination;
    const source = this.scene.tokens.get(tokenId);
    if (source) Object.assign(source, { x, y });
    this.made.push({ userId, tokenId, movement });
    const docs = this.#docs.get(tokenId) ?? [];
    const before = docs.map((d) => ({ x: d.x, y: d.y }));
    for (const doc of docs) doc.sourceMoved(x, y, movement, userId);
    docs.forEach((doc, k) => {
      const changed = { _id: tokenId, ...(before[k]!.x !== x ? { x } : {}), ...(before[k]!.y !== y ? { y } : {}) };
      const copy = JSON.parse(JSON.stringify(movement)) as FakeMovement;
      doc._onUpdate(changed, { ...operation, diff: false, _movement: { [tokenId]: copy } }, userId);
    });
    for (const doc of docs) {
      const user = { ...this.#users.get(userId)!, isSelf: doc.userId === userId };
      doc._onUpdateMovement(JSON.parse(JSON.stringify(movement)) as FakeMovement, { ...operation }, user);
    }
  }
  /**
   * A position written without the movement workflow (a direct `modifyDocument`): the server takes it as it is, unless
   * it names a `_movement` for the token whose origin or destination is not the token's (the server's Token#_preUpdate
   * then prevents it). Every client's document takes it and hears of it in `_onUpdate`, then, with a movement, in
   * `_onUpdateMovement`; a client whose `_onUpdate` throws never gets that far (client-backend.mjs
   * #handleUpdateDocuments runs `_onUpdateOperation` after every `_onUpdate`, unguarded).
   */
  raw(
    userId: string,
    tokenId: string,
    changes: { x?: number; y?: number; elevation?: number },
    operation: Options = {},
  ): void {
    const source = this.scene.tokens.get(tokenId);
    const movement = (operation._movement as Record<string, FakeMovement | undefined> | undefined)?.[tokenId];
    if (movement && source) {
      const [o, d] = [movement.origin, movement.destination];
      const to = { x: changes.x ?? source.x, y: changes.y ?? source.y };
      if (!o || !d || d.x !== to.x || d.y !== to.y || o.x !== source.x || o.y !== source.y) return;
    }
    if (source)
      Object.assign(source, {
        ...(changes.x !== undefined ? { x: changes.x } : {}),
        ...(changes.y !== undefined ? { y: changes.y } : {}),
      });
    for (const doc of this.#docs.get(tokenId) ?? []) {
      const changed: Record<string, unknown> = { _id: tokenId };
      for (const k of ["x", "y", "elevation"] as const) {
        const v = changes[k];
        if (v === undefined || (operation.diff !== false && doc[k] === v)) continue;
        doc[k] = v;
        changed[k] = v;
      }
      if (Object.keys(changed).length === 1 && operation.diff !== false) continue;
      try {
        doc._onUpdate(changed, { ...operation }, userId);
        if (movement)
          doc._onUpdateMovement(
            movement,
            { ...operation },
            { ...this.#users.get(userId)!, isSelf: doc.userId === userId },
          );
      } catch {
        // v13 rejects the client's handling of the update; the document already holds the new position.
      }
    }
  }
}

/** v13's TokenDocument, for one user's client: installed as the global `TokenDocument` Fray's class extends. */
export class FakeTokenDocument {
  readonly id: string;
  name: string | null;
  x: number;
  y: number;
  elevation = 0;
  width: number;
  height: number;
  hidden: boolean;
  disposition: number | null;
  readonly actor: FakeToken["actor"];
  readonly owners: readonly string[];
  readonly parent: FakeScene;
  readonly userId: string;
  readonly #server: FakeMovementServer;
  /**
   * `TokenDocument#movement` as far as continuing reads it: the last segment, its user, and whether more is pending.
   */
  #current: { movement: FakeMovement | null; userId: string; state: "completed" | "pending" | "stopped" } = {
    movement: null,
    userId: "",
    state: "completed",
  };
  /** Foundry's `_movementHistory`, as far as `revertRecordedMovement` reads it: the position before each movement. */
  readonly #history: { movementId: string; from: XY }[] = [];

  constructor(data: FakeToken, context: { parent: FakeScene; server: FakeMovementServer; userId: string }) {
    this.id = data.id;
    this.name = (data as { name?: string | null }).name ?? null;
    this.x = data.x;
    this.y = data.y;
    this.width = data.width;
    this.height = data.height;
    this.hidden = data.hidden;
    this.disposition = data.disposition;
    this.actor = data.actor;
    this.owners = data.owners;
    this.parent = context.parent;
    this.userId = context.userId;
    this.#server = context.server;
  }

  testUserPermission(user: never, permission: "OWNER"): boolean {
    const u = user as { id: string | null; isGM: boolean };
    return permission === "OWNER" && (u.isGM || (u.id !== null && this.owners.includes(u.id)));
  }

  async _preUpdateMovement(_movement: FakeMovement, _operation: Options): Promise<boolean | void> {}

  /** v13's `_onUpdate` reads the movement's parts as it records it (`#onUpdateMovement`): a malformed one throws. */
  _onUpdate(_changed: Record<string, unknown>, operation: Options, _userId: string): void {
    const movement = (operation._movement as Record<string, FakeMovement | undefined> | undefined)?.[this.id];
    if (movement) for (const part of [movement.passed, movement.pending]) part.waypoints.forEach((w) => w.x);
  }

  _onUpdateMovement(_movement: FakeMovement, _operation: Options, _user: { id: string; isSelf: boolean }): void {}

  /** `TokenDocument#move`: the movement through the waypoints, segment by segment; true if the first one was made. */
  async move(waypoints: FakeWaypoint | readonly FakeWaypoint[], options: Options = {}): Promise<boolean> {
    const list = Array.isArray(waypoints) ? (waypoints as readonly FakeWaypoint[]) : [waypoints as FakeWaypoint];
    if (list.length === 0) return false;
    const args: Args = { result: false };
    await this.#server.track(this.#update(list, { ...options, _movementArguments: args }));
    return args.result;
  }

  /** A drop after a drag: each waypoint the user added is explicit and a checkpoint, and so is the destination. */
  drag(cells: readonly XY[], action = "walk"): Promise<boolean> {
    return this.move(
      cells.map((c) => ({ x: c.x, y: c.y, action, explicit: true, checkpoint: true })),
      { method: "dragging" },
    );
  }

  /** `TokenDocument#revertRecordedMovement`: back where the movement began, as an undo. */
  async revertRecordedMovement(movementId: string): Promise<boolean> {
    const i = this.#history.findIndex((h) => h.movementId === movementId);
    if (i < 0) return false;
    const args: Args = { result: false };
    const to = this.#history[i]!.from;
    // #inferMovementWaypoints: an undo's one waypoint has no action, so it takes the token's (walk by default).
    await this.#server.track(
      this.#update([{ x: to.x, y: to.y }], { method: "undo", isUndo: true, _movementArguments: args }),
    );
    return args.result;
  }

  /** The server moved this client's document (its source): Foundry's `#onUpdateMovement` keeps the movement state. */
  sourceMoved(x: number, y: number, movement: FakeMovement, userId: string): void {
    this.#history.push({ movementId: movement.id, from: { x: this.x, y: this.y } });
    this.x = x;
    this.y = y;
    if (movement.destination.elevation !== undefined) this.elevation = movement.destination.elevation;
    this.#current = { movement, userId, state: movement.pending.waypoints.length > 0 ? "pending" : "completed" };
  }

  async #update(
    waypoints: readonly FakeWaypoint[],
    options: Options & { _movementArguments: Args; isUndo?: boolean },
  ): Promise<void> {
    const args = options._movementArguments;
    const method = options.method ?? (options.isUndo ? "undo" : "api");
    const origin = { x: this.x, y: this.y };
    const cleaned = clean(waypoints, "walk");
    const { passed, pending } = options.isUndo ? { passed: cleaned, pending: [] } : this.#split(origin, cleaned);
    const end = passed[passed.length - 1]!;
    const movement: FakeMovement = deepFreeze({
      id: this.#server.newId(),
      chain: [...(args.chain ?? [])],
      origin,
      destination: {
        x: end.x,
        y: end.y,
        ...(lastElevation(waypoints) === undefined ? {} : { elevation: lastElevation(waypoints) }),
      },
      passed: { waypoints: this.#complete(origin, passed) },
      pending: { waypoints: this.#complete(end, pending) },
      method,
      autoRotate: options.autoRotate === true,
      showRuler: options.showRuler === true,
      constrained: false,
    });
    const allowed = (await this._preUpdateMovement(movement, options)) ?? true;
    if (allowed === false) {
      if (args.movementId !== undefined) this.#current = { ...this.#current, state: "stopped" };
      return;
    }
    args.result = true;
    this.#server.commit(this.userId, this.id, movement, options);
    // #onUpdateContinueMovement: only the user who moved goes on, once the update's workflow is over.
    if (movement.pending.waypoints.length > 0) void this.#server.track(this.#continue(movement.id));
  }

  async #continue(movementId: string): Promise<void> {
    await new Promise((r) => setTimeout(r, 0));
    const current = this.#current.movement;
    if (!current || current.id !== movementId || this.#current.state !== "pending") return;
    const rest = current.pending.waypoints.filter((w) => !w.intermediate);
    const args: Args = { result: false, movementId, chain: [...current.chain, current.id] };
    await this.#update(rest, {
      method: current.method,
      autoRotate: current.autoRotate,
      showRuler: current.showRuler,
      _movementArguments: args,
    });
  }

  /** `#splitMovementPath`: the path up to its first checkpoint (a waypoint's own, or a listening region's edge). */
  #split(origin: XY, waypoints: FullWaypoint[]): { passed: FullWaypoint[]; pending: FullWaypoint[] } {
    const passed: FullWaypoint[] = [];
    const pending: FullWaypoint[] = [];
    let split = false;
    let previous: XY = origin;
    for (const current of waypoints) {
      if (split) pending.push(current);
      else {
        const edge = this.#regionEdge(previous, current);
        if (edge && (edge.x !== current.x || edge.y !== current.y)) {
          passed.push({
            x: edge.x,
            y: edge.y,
            action: current.action,
            checkpoint: true,
            explicit: false,
            intermediate: false,
          });
          pending.push(current);
          split = true;
        } else {
          if (edge) current.checkpoint = true;
          passed.push(current);
          split = current.checkpoint;
        }
      }
      previous = current;
    }
    return { passed, pending };
  }

  /** The first point of a leg where the token's centre goes into (or out of) a region that listens for it. */
  #regionEdge(from: XY, to: XY): XY | null {
    const half = { x: (this.width * this.parent.grid.size) / 2, y: (this.height * this.parent.grid.size) / 2 };
    const steps = Math.ceil(Math.max(Math.abs(to.x - from.x), Math.abs(to.y - from.y)));
    let best: { k: number; at: XY } | null = null;
    for (const region of this.parent.regions.contents) {
      const behaviours = region.behaviors.contents as readonly FakeBehaviour[];
      const [inward, outward] = [
        behaviours.some((b) => handles(b, ENTERING)),
        behaviours.some((b) => handles(b, LEAVING)),
      ];
      if (!inward && !outward) continue;
      const inside = (p: XY) => region.testPoint({ x: p.x + half.x, y: p.y + half.y, elevation: 0 });
      // The first crossing of a kind the region listens for (segmentizeRegionMovementPath's first matching segment).
      let within = inside(from);
      for (let k = 1; k <= steps && (!best || k < best.k); k++) {
        const p = {
          x: Math.round(from.x + ((to.x - from.x) * k) / steps),
          y: Math.round(from.y + ((to.y - from.y) * k) / steps),
        };
        if (inside(p) === within) continue;
        if ((within && outward) || (!within && inward)) {
          best = { k, at: p };
          break;
        }
        within = !within;
      }
    }
    return best?.at ?? null;
  }

  /** `getCompleteMovementPath`: each leg's squares between its ends as intermediate waypoints (none for a teleport). */
  #complete(from: XY, waypoints: readonly FullWaypoint[]): FullWaypoint[] {
    const grid: GridLike = this.parent.grid;
    const half = { x: (this.width * grid.size) / 2, y: (this.height * grid.size) / 2 };
    const out: FullWaypoint[] = [];
    let previous = from;
    for (const w of waypoints) {
      if (!grid.isGridless && !this.#server.teleports(w.action)) {
        const a = grid.getOffset({ x: previous.x + half.x, y: previous.y + half.y });
        const b = grid.getOffset({ x: w.x + half.x, y: w.y + half.y });
        for (const o of grid.getDirectPath([a, b]).slice(1, -1)) {
          const c = grid.getCenterPoint(o);
          out.push({
            x: c.x - half.x,
            y: c.y - half.y,
            action: w.action,
            checkpoint: false,
            explicit: false,
            intermediate: true,
          });
        }
      }
      out.push({ ...w });
      previous = w;
    }
    return out;
  }
}

/** The elevation the last waypoint that names one gives (the fake carries elevation to the destination only). */
const lastElevation = (waypoints: readonly FakeWaypoint[]): number | undefined =>
  [...waypoints].reverse().find((w) => w.elevation !== undefined)?.elevation;

/** A waypoint once cleaned, as the movement's passed and pending parts hold it. */
export type FullWaypoint = {
  x: number;
  y: number;
  action: string;
  checkpoint: boolean;
  explicit: boolean;
  intermediate: boolean;
};

/** `#cleanAndValiateMovementWaypoints`: whole pixels, a missing action the one before, flags false unless given. */
function clean(waypoints: readonly FakeWaypoint[], first: string): FullWaypoint[] {
  let action = first;
  return waypoints.map((w) => {
    action = w.action ?? action;
    return {
      x: Math.round(w.x),
      y: Math.round(w.y),
      action,
      checkpoint: w.checkpoint === true,
      explicit: w.explicit === true,
      intermediate: false,
    };
  });
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === "object") {
    for (const v of Object.values(o)) deepFreeze(v);
    Object.freeze(o);
  }
  return o;
}
