import type { RulesetId } from "../../../../src/core/rulesets.js";
import type { OnMoved } from "../../../../src/foundry/canvas/token/fray-token-document.js";
import type { MadeMove } from "../../../../src/foundry/canvas/moves/move-audit.js";
import { MoveApprovals } from "../../../../src/foundry/canvas/moves/move-audit.js";
import type { MoveClientContext } from "../../../../src/foundry/canvas/moves/move-client.js";
import { handleMoveRequest, type MoveRequestContext } from "../../../../src/foundry/canvas/moves/move-request.js";
import { MOVE_REQUEST } from "../../../../src/foundry/canvas/moves/move-request.js";
import { settleUnasked } from "../../../../src/foundry/canvas/moves/move-settle.js";
import { noFight } from "../../../../src/foundry/canvas/fight/scene-fight.js";
import { actionFor } from "../../../../src/foundry/canvas/actions/movement-actions.js";
import { compileScene } from "../../../../src/foundry/canvas/space/scene-space.js";
import { SpaceCache } from "../../../../src/foundry/canvas/space/space-cache.js";
import { RequestChannel } from "../../../../src/foundry/requests/request-channel.js";
import { FakeUser } from "../../../fakes/foundry-combat.js";
import type { FakeScene, FakeToken } from "../../../fakes/foundry-scene.js";
import { FakeSocketServer } from "../../../fakes/foundry-socket.js";
import {
  FakeMovementServer,
  FakeTokenDocument,
  type FakeMovement,
  type FullWaypoint,
} from "../../../fakes/foundry-token-movement.js";
import { EN } from "../../../fakes/lang.js";
import { FakeNotifications, type NotifyOptions } from "../../../fakes/foundry-notifications.js";
import type { FightScene } from "../fight-scene.js";
import { manifestOf } from "../../../../src/foundry/rulesets/index.js";
import { gmMoveHands } from "../gm-move-hands.js";
import { FakeGame } from "../../../fakes/foundry-game.js";

/** Fray's TokenDocument class as one client has it, over the fake v13 base. */
type FrayDocClass = new (
  data: FakeToken,
  context: { parent: FakeScene; server: FakeMovementServer; userId: string },
) => FakeTokenDocument;

const USERS = [
  new FakeUser("gm", "GM", true),
  new FakeUser("alice", "Alice"),
  new FakeUser("bob", "Bob"),
  new FakeUser("olive", "Olive"),
];

/** Installs the globals Fray's TokenDocument reads (its base class, notifications, i18n) and returns its maker. */
export async function installTokenDocument(): Promise<{ warnings: string[]; infos: string[]; make: typeof makeClass }> {
  const g = globalThis as Record<string, unknown>;
  const warnings: string[] = [];
  const infos: string[] = [];
  // v13 exposes its document classes under `foundry.documents` when a system's module loads.
  g.foundry = { ...(g.foundry as object | undefined), documents: { TokenDocument: FakeTokenDocument } };
  const i18n = {
    localize: (key: string) => EN[key] ?? key,
    format: (key: string, data: Record<string, string>) =>
      (EN[key] ?? key).replace(/\{(\w+)\}/g, (_, k: string) => data[k] ?? ""),
  };
  // v13's Notifications#notify (foundry-notifications.ts): each message as the HTML it draws.
  const notifications = new FakeNotifications(i18n);
  const drawn = (into: string[]) => (message: unknown, options?: NotifyOptions) => {
    notifications.notify(message, into === warnings ? "warning" : "info", options);
    into.push(notifications.shown.at(-1)!.html);
  };
  g.ui = { notifications: { warn: drawn(warnings), info: drawn(infos) } };
  g.game = new FakeGame({ i18n });
  const { FrayTokenDocument: Doc } = await import("../../../../src/foundry/canvas/token/fray-token-document.js");
  // Each client of a table is its own browser: a subclass with that client's hands, as register-canvas.ts gives them.
  makeClass = (context, onMoved) => {
    const hands = { context, ...(onMoved ? { onMoved } : {}) };
    return class extends Doc {
      static override hands = hands;
    } as unknown as FrayDocClass;
  };
  return { warnings, infos, make: makeClass };
}

let makeClass: (ctx: () => MoveClientContext, onMoved?: () => OnMoved) => FrayDocClass;

/**
 * A table of four clients (the active GM, Alice, Bob and Olive, an observer) around one scene: each client has its
 * own Fray TokenDocument for every token, its own compiled scenes, and a request channel over the fake socket; the GM
 * answers move requests with the real handler and audits every made segment as gm-audit.ts does (settleUnasked; an
 * undo puts the token back where the segment began, as a GM's displace). A started fight, when given, is the one the
 * GM's handler and the clients read the turn from.
 */
export class DragTable {
  readonly server: FakeMovementServer;
  readonly socket = new FakeSocketServer();
  readonly approvals = new MoveApprovals();
  readonly gm: MoveRequestContext;
  /** What the GM's audit did with each made segment a player made: kind and, for an undo, the refusal's key. */
  readonly audits: { userId: string; move: MadeMove; kind: string; key?: string }[] = [];
  readonly #docs = new Map<string, FakeTokenDocument>();
  readonly #channels = new Map<string, RequestChannel>();

  constructor(
    readonly scene: FakeScene,
    readonly ruleset: RulesetId,
    readonly fight?: FightScene,
  ) {
    this.server = new FakeMovementServer(
      scene,
      (action) => action === "displace" || actionFor(ruleset, action)?.teleport === true,
    );
    this.gm = {
      ...(fight ? fight.moves : {}),
      scene: (id) => (id === scene.id ? scene : undefined),
      user: (id) => USERS.find((u) => u.id === id),
      ruleset: () => ruleset,
      spaces: new SpaceCache((x) => compileScene(x, manifestOf(ruleset).space)),
      fight: fight ? fight.moves.fight : noFight,
      ...gmMoveHands({ approvals: this.approvals, ...(fight ? { turns: fight.turns } : {}) }),
    };
    for (const user of USERS) this.#join(user);
  }

  /** A user's client's own document of a token. */
  doc(userId: string, tokenId: string): FakeTokenDocument {
    return this.#docs.get(`${userId}/${tokenId}`)!;
  }

  /** A user's request channel (what a patched client sends its requests through). */
  channel(userId: string): RequestChannel {
    return this.#channels.get(userId)!;
  }

  /** The move requests that reached the GM over the socket. */
  get requests(): unknown[] {
    return this.socket.log.filter((m) => (m.message as { kind?: string }).kind === "request").map((m) => m.message);
  }

  /** A patched client's update: a movement written by hand, made without its own check, heard by every client. */
  forge(
    userId: string,
    tokenId: string,
    movement: Partial<FakeMovement> & { readonly passed: FakeMovement["passed"] },
  ): Promise<void> {
    const doc = this.doc(userId, tokenId);
    const end = movement.passed.waypoints[movement.passed.waypoints.length - 1]!;
    const made: FakeMovement = {
      id: movement.id ?? this.server.newId(),
      chain: movement.chain ?? [],
      origin: movement.origin ?? { x: doc.x, y: doc.y },
      destination: movement.destination ?? { x: end.x, y: end.y },
      passed: movement.passed,
      pending: movement.pending ?? { waypoints: [] },
      method: movement.method ?? "dragging",
      autoRotate: false,
      showRuler: false,
      constrained: false,
    };
    this.server.commit(userId, tokenId, made, {});
    return this.server.idle();
  }

  /** A patched client's position written without a movement (a direct socket write), heard by every client. */
  raw(
    userId: string,
    tokenId: string,
    changes: { x?: number; y?: number; elevation?: number },
    operation = {},
  ): Promise<void> {
    this.server.raw(userId, tokenId, changes, operation);
    return this.server.idle();
  }

  #join(user: FakeUser): void {
    const channel = new RequestChannel(this.socket.env(user.id, () => "gm"));
    channel.listen();
    if (user.isGM) channel.register(MOVE_REQUEST, (payload, sender) => handleMoveRequest(this.gm, payload, sender));
    this.#channels.set(user.id, channel);
    const fight = this.fight;
    const ctx: MoveClientContext = {
      spaces: new SpaceCache((x) => compileScene(x, manifestOf(this.ruleset).space)),
      ruleset: () => this.ruleset,
      send: (name, payload) => channel.send(name, payload),
      isGM: user.isGM,
      // The world's fight as register-canvas.ts reads it, or no combat at all.
      fight: fight ? fight.moves.fight : noFight,
      rollMode: () => "publicroll",
    };
    const Doc = makeClass(
      () => ctx,
      () =>
        user.isGM
          ? (token, move, userId) => void this.server.track(this.#audit(token.id ?? "", move, userId))
          : () => {},
    );
    const docs = this.scene.tokens.contents.map(
      (t) => new Doc(t, { parent: this.scene, server: this.server, userId: user.id }),
    );
    for (const d of docs) this.#docs.set(`${user.id}/${d.id}`, d);
    this.server.join(user, docs);
  }

  /** gm-audit.ts: the active GM settles a made segment; an undo displaces the token back where the segment began. */
  async #audit(tokenId: string, move: MadeMove, userId: string): Promise<void> {
    const user = USERS.find((u) => u.id === userId);
    const token = this.scene.tokens.get(tokenId)!;
    const settled = await settleUnasked(this.gm, this.scene, token, move, user?.isGM ?? false, userId);
    if (!user?.isGM)
      this.audits.push({
        userId,
        move,
        kind: settled.kind,
        ...(settled.kind === "undo" ? { key: settled.refusal.key } : {}),
      });
    const gmDoc = this.doc("gm", tokenId);
    if (settled.kind === "cut") await gmDoc.move({ ...settled.to, action: "displace" }, { method: "api" });
    // gm-audit.ts: a recorded movement is reverted; a raw one, or one not recorded, is put back where it began.
    const elevation = move.elevation === undefined ? {} : { elevation: move.elevation };
    if (settled.kind === "undo")
      await gmDoc.move({ ...move.origin, ...elevation, action: "displace" }, { method: "api" });
  }
}

/** Waypoints through cells, each a plain waypoint (not a checkpoint), as a macro's `move` would give them. */
export const plain = (points: readonly { x: number; y: number }[], action = "walk"): FullWaypoint[] =>
  points.map((p) => ({ x: p.x, y: p.y, action, checkpoint: false, explicit: false, intermediate: false }));
