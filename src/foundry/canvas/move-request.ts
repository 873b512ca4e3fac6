import type { RulesetId } from "../../core/rulesets.js";
import { isRecord } from "../../core/shared/guards.js";
import type { UserLike } from "../combat/ports.js";
import { deny, type RequestAnswer } from "../requests/request-answer.js";
import type { MoveSceneLike } from "./move-check.js";
import { checkMoveLoaded } from "./move-check-registry.js";
import { readWaypoints, type MoveWaypoint } from "./move-path.js";
import type { TokenLike } from "./mover-data.js";
import type { MoveApprovals } from "./move-audit.js";
import type { SpaceCache } from "./space-cache.js";
import { spendMove, turnOfMove, type MoveFight } from "./move-turn.js";
import type { TurnRequestContext } from "../combat/turn-request.js";
import type { MoveEffect } from "../../core/space/move-effects.js";
import type { SceneBlock } from "./scene-blocks.js";

/** The request name token moves travel under on Fray's request channel. */
export const MOVE_REQUEST = "move";

/** Foundry's own action for a GM placing a token anywhere (no cost, no walls): the GM's alone. */
export const DISPLACE = "displace";

/** What a mover's client sends: which token, and the waypoints it is being moved through. Nothing else is read. */
export interface MoveRequest {
  readonly sceneId: string;
  readonly tokenId: string;
  /** Foundry's id of the movement: the GM remembers the moves it allowed by it (move-audit.ts). */
  readonly movementId?: string;
  readonly waypoints: readonly MoveWaypoint[];
}

/** How the active GM's client finds what a move request names, and its own compiled scenes. */
export interface MoveRequestContext {
  readonly scene: (id: string) => (MoveSceneLike & { readonly tokens: { get(id: string): TokenLike | undefined } }) | undefined;
  readonly user: (id: string) => UserLike | undefined;
  readonly ruleset: () => RulesetId;
  readonly spaces: SpaceCache;
  readonly approvals?: MoveApprovals;
  readonly now?: () => number;
  /** The started fight a token stands in, if any, and the turn request path its moves spend the turn's budget on. */
  readonly fight?: (sceneId: string, tokenId: string) => MoveFight | undefined;
  readonly turns?: TurnRequestContext;
  /** After a move is allowed, the cards for what it causes (falls, descent rolls, free hits, opportunity attacks). */
  readonly effects?: (sceneId: string, effects: readonly MoveEffect[], senderId: string) => Promise<unknown>;
  /** SEC-42: the Blocks up on a scene, as the started fights' turn orders keep them (scene-blocks.ts). */
  readonly blocks?: (sceneId: string) => readonly SceneBlock[];
}

const ownString = (rec: Record<string, unknown>, key: string): string | null =>
  Object.hasOwn(rec, key) && typeof rec[key] === "string" && rec[key] !== "" ? (rec[key] as string) : null;

/** The request's shape, or null: two own non-empty ids and a well-formed list of waypoints. */
export function readMoveRequest(payload: unknown): MoveRequest | null {
  if (!isRecord(payload)) return null;
  const sceneId = ownString(payload, "sceneId");
  const tokenId = ownString(payload, "tokenId");
  const waypoints = readWaypoints(Object.hasOwn(payload, "waypoints") ? payload.waypoints : undefined);
  const movementId = ownString(payload, "movementId");
  if (!sceneId || !tokenId || !waypoints) return null;
  return { sceneId, tokenId, waypoints, ...(movementId && movementId.length <= 64 ? { movementId } : {}) };
}

/**
 * The GM's answer to a move: `senderId` is Foundry's server's word. The token must be the sender's (or the sender a
 * GM); the path starts where the GM's own document has the token, and the move is checked on the GM's own compiled
 * scene by the core. The cost a client measured is never read: the answer carries the core's. In a started fight the
 * path is checked from what the turn has left, and the move's turn step is recorded before the answer (move-turn.ts).
 * What the allowed move causes (a fall, a descent roll, a free hit offered) becomes a card (move-cards/).
 */
export async function handleMoveRequest(ctx: MoveRequestContext, payload: unknown, senderId: string): Promise<RequestAnswer> {
  const request = readMoveRequest(payload);
  if (!request) return deny("BadRequest", "the request is not a token move");
  const user = ctx.user(senderId);
  if (!user) return deny("UnknownUser", `no user ${senderId}`);
  const scene = ctx.scene(request.sceneId);
  const token = scene?.tokens.get(request.tokenId);
  if (!scene || !token) return deny("UnknownToken", `no token ${request.tokenId} on scene ${request.sceneId}`);
  if (!user.isGM && !token.testUserPermission(user as never, "OWNER"))
    return deny("NotYourToken", `${user.name ?? senderId} does not own token ${request.tokenId}`);
  if (user.isGM && request.waypoints.every((w) => w.action === DISPLACE)) return { ok: true, cost: 0 };
  const fight = ctx.turns ? ctx.fight?.(request.sceneId, request.tokenId) : undefined;
  const turn = fight && ctx.turns ? turnOfMove(ctx.turns, fight) : null;
  if (turn && "ok" in turn) return turn;
  const ruleset = ctx.ruleset();
  const space = ctx.spaces.get(scene);
  const blocks = ctx.blocks?.(request.sceneId) ?? [];
  const verdict = await checkMoveLoaded({
    space,
    scene,
    token,
    waypoints: request.waypoints,
    ruleset,
    ...(turn ? { budget: turn.budget } : {}),
    ...(blocks.length > 0 ? { blocks } : {}),
  });
  if (!verdict.ok) return { ok: false, key: verdict.key, reason: verdict.reason, ...(verdict.data ? { data: verdict.data } : {}) };
  if (turn && ctx.turns) {
    // In a fight the move spends the turn's budget first: a step the engine refuses stops the move before it is made.
    const origin = { sceneId: request.sceneId, tokenId: request.tokenId, x: token.x, y: token.y };
    const spent = await spendMove(ctx.turns, turn, ruleset, verdict.cost, request.waypoints, origin, senderId);
    if (!spent.ok) return spent;
  }
  const last = request.waypoints[request.waypoints.length - 1]!;
  if (request.movementId) ctx.approvals?.approve(request.movementId, request.tokenId, last, ctx.now?.() ?? Date.now());
  // A card that cannot be posted never refuses an allowed move: its turn step is already recorded.
  if (verdict.effects.length > 0)
    await ctx
      .effects?.(request.sceneId, verdict.effects, senderId)
      .catch((e: unknown) => console.error("Fray | a move's cards were not posted", e));
  return { ok: true, cost: verdict.cost, events: verdict.events };
}
