import type { RulesetId } from "../../core/rulesets.js";
import { refuse, type Refusal } from "../../core/shared/outcome.js";
import type { MoveBudget } from "./move-budget.js";
import type { SceneBlock } from "./scene-blocks.js";
import type { SceneClimb } from "./scene-climbs.js";
import type { MoveSceneLike, MoveVerdict } from "./move-check.js";
import { checkMoveNow } from "./move-check-registry.js";
import type { MoveWaypoint } from "./move-path.js";
import type { TokenLike } from "./mover-data.js";
import type { SpaceCache } from "./space-cache.js";
import type { XY } from "./scene-ports.js";

/** How long the GM remembers a move it allowed: the mover's update follows the answer within moments. */
export const APPROVAL_MS = 60_000;

/**
 * The moves the active GM has allowed, by movement id, with the token and destination each was allowed for. A move
 * update that names no allowed movement, or another token or destination, did not pass the GM's check.
 */
export class MoveApprovals {
  readonly #byId = new Map<string, { tokenId: string; x: number; y: number; at: number; path: string; cut?: true }>();
  /** Moves cut short (STR-28, FAC-23): the cut move the mover's client makes instead, by the cut movement's id. */
  readonly #cuts = new Map<string, { tokenId: string; path: string; at: number }>();

  approve(movementId: string, tokenId: string, destination: XY, now: number, waypoints: readonly MoveWaypoint[] = []): void {
    for (const [id, a] of this.#byId) if (now - a.at > APPROVAL_MS) this.#byId.delete(id);
    for (const [id, c] of this.#cuts) if (now - c.at > APPROVAL_MS) this.#cuts.delete(id);
    this.#byId.set(movementId, { tokenId, x: destination.x, y: destination.y, at: now, path: pathKey(waypoints) });
  }

  /** A request the GM has already allowed, sent again as it was (a replay): it is not checked or charged twice. */
  replayed(movementId: string, tokenId: string, waypoints: readonly MoveWaypoint[], now: number): boolean {
    const a = this.#byId.get(movementId);
    return a !== undefined && a.tokenId === tokenId && a.path === pathKey(waypoints) && now - a.at <= APPROVAL_MS;
  }

  /**
   * The GM cut a move short: the mover's client may make the cut move once (`cut`), already checked and charged; the
   * move as asked (`asked`) is remembered as cut, so it is neither allowed again nor let stand if a client makes it.
   */
  allowCut(movementId: string, tokenId: string, cut: readonly MoveWaypoint[], now: number, asked: readonly MoveWaypoint[]): void {
    this.#cuts.set(movementId, { tokenId, path: pathKey(cut), at: now });
    this.#byId.set(movementId, { tokenId, x: NaN, y: NaN, at: now, path: pathKey(asked), cut: true });
  }

  /** Whether the GM cut this movement short (a client that makes it whole anyway is undone). */
  wasCut(movementId: string, now: number): boolean {
    const a = this.#byId.get(movementId);
    return a?.cut === true && now - a.at <= APPROVAL_MS;
  }

  /** The cut move of `movementId`, taken once: for that token, through exactly the cut's waypoints, within the minute. */
  takeCut(movementId: string, tokenId: string, waypoints: readonly MoveWaypoint[], now: number): boolean {
    const c = this.#cuts.get(movementId);
    if (!c || c.tokenId !== tokenId || c.path !== pathKey(waypoints) || now - c.at > APPROVAL_MS) return false;
    this.#cuts.delete(movementId);
    return true;
  }

  allowed(movementId: string, tokenId: string, destination: XY, now: number): boolean {
    const a = this.#byId.get(movementId);
    return a !== undefined && a.tokenId === tokenId && a.x === destination.x && a.y === destination.y && now - a.at <= APPROVAL_MS;
  }
}

const pathKey = (waypoints: readonly MoveWaypoint[]): string => waypoints.map((w) => `${w.x},${w.y},${w.action}`).join(";");

/** A move as every client hears of it after it was made (`_onUpdateMovement`). */
export interface MadeMove {
  readonly id: string;
  readonly origin: XY;
  readonly destination: XY;
  readonly waypoints: readonly MoveWaypoint[];
  readonly method: string;
}

export interface AuditInput {
  readonly approvals: MoveApprovals;
  readonly spaces: SpaceCache;
  readonly scene: MoveSceneLike;
  readonly token: TokenLike;
  readonly move: MadeMove;
  readonly byGm: boolean;
  readonly ruleset: RulesetId;
  readonly now: number;
}

/**
 * The active GM's look at a move already made: a client that skipped its own `_preUpdateMovement` (a macro, a
 * patched client, one that never rendered the token) never asked. A GM's move, one the GM allowed, and Foundry's undo
 * of a recorded move pass; any other is checked as it was made, from where it began, and its refusal returned so the
 * GM's client can undo it.
 */
export function auditMove(input: AuditInput): Refusal | null {
  const verdict = auditedVerdict(input);
  return verdict && !verdict.ok ? verdict : null;
}

/**
 * The core's verdict on a move that never asked, checked from where it began (and, in a fight, from what the turn had
 * spent: `budget`); null for a move that needs none (the GM's, one the GM allowed, Foundry's undo).
 */
export function auditedVerdict(
  input: AuditInput,
  budget?: MoveBudget,
  blocks: readonly SceneBlock[] = [],
  climbs: readonly SceneClimb[] = [],
): MoveVerdict | null {
  const { move, token } = input;
  if (input.byGm || move.method === "undo") return null;
  if (input.approvals.allowed(move.id, token.id ?? "", move.destination, input.now)) return null;
  if (input.approvals.wasCut(move.id, input.now)) return refuse("MoveWasCut", "the GM cut this move short; it was made whole anyway");
  const before: TokenLike = {
    id: token.id,
    x: move.origin.x,
    y: move.origin.y,
    width: token.width,
    height: token.height,
    disposition: token.disposition,
    actor: token.actor,
    testUserPermission: () => false,
  };
  return checkMoveNow({
    space: input.spaces.get(input.scene),
    scene: input.scene,
    token: before,
    waypoints: move.waypoints,
    ruleset: input.ruleset,
    ...(budget ? { budget } : {}),
    // SEC-42: an unasked move meets the fights' Blocks as an asked one does.
    ...(blocks.length > 0 ? { blocks } : {}),
    // SEC-16: and its climbs; a climb it made is refused (nobody rolled its checks: no preview, no GM's dice).
    ...(climbs.length > 0 ? { climbs } : {}),
  });
}
