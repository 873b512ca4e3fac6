import type { RulesetId } from "../../core/rulesets.js";
import type { Refusal } from "../../core/shared/outcome.js";
import type { MoveSceneLike } from "./move-check.js";
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
  readonly #byId = new Map<string, { tokenId: string; x: number; y: number; at: number }>();

  approve(movementId: string, tokenId: string, destination: XY, now: number): void {
    for (const [id, a] of this.#byId) if (now - a.at > APPROVAL_MS) this.#byId.delete(id);
    this.#byId.set(movementId, { tokenId, x: destination.x, y: destination.y, at: now });
  }

  allowed(movementId: string, tokenId: string, destination: XY, now: number): boolean {
    const a = this.#byId.get(movementId);
    return a !== undefined && a.tokenId === tokenId && a.x === destination.x && a.y === destination.y && now - a.at <= APPROVAL_MS;
  }
}

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
 * patched client) never asked. A GM's move, one the GM allowed, and Foundry's undo of a recorded move pass; any
 * other is checked as it was made, from where it began, and its refusal returned so the GM's client can undo it.
 */
export function auditMove(input: AuditInput): Refusal | null {
  const { move, token } = input;
  if (input.byGm || move.method === "undo") return null;
  if (input.approvals.allowed(move.id, token.id ?? "", move.destination, input.now)) return null;
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
  const verdict = checkMoveNow({
    space: input.spaces.get(input.scene),
    scene: input.scene,
    token: before,
    waypoints: move.waypoints,
    ruleset: input.ruleset,
  });
  return verdict.ok ? null : verdict;
}
