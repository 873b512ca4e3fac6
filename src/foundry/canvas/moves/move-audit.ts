import type { RulesetId } from "../../../core/rulesets.js";
import { refuse, type Refusal } from "../../../core/shared/outcome.js";
import type { SceneFight } from "../fight/scene-fight.js";
import { checkMove, type MoveSceneLike, type MoveVerdict } from "../check/move-check.js";
import type { MoveWaypoint } from "../check/move-path.js";
import type { TokenLike } from "../check/mover-data.js";
import type { SpaceCache } from "../space/space-cache.js";
import type { XY } from "../space/scene-ports.js";
import { samePoint, traceOf, type PathCursor } from "../check/move-parts.js";

/**
 * How long the GM remembers a move it allowed: the mover's update follows the answer (and each part the last) within
 * moments.
 */
export const APPROVAL_MS = 60_000;

/**
 * A movement the GM allowed as a whole: whose token, from where, along which path, in which fight, and how far it has
 * gone.
 */
interface Approval {
  readonly tokenId: string;
  readonly path: readonly MoveWaypoint[];
  /** The fight it was given in (`fightKey`): a step recorded since, or a fight begun since, makes it another. */
  readonly fight: string;
  cursor: PathCursor;
  at: number;
}

/**
 * The movements the active GM has allowed, each by the movement id it was asked for. An approval is used once: its
 * parts (v13 cuts a movement at every checkpoint: a drag's waypoints, a listening region's edges) are made in turn
 * from where it was given, along its path, in the fight revision it was charged in; then it is gone. A token that
 * moves any other way leaves the place its approvals were given for, so they lapse.
 */
export class MoveApprovals {
  readonly #byId = new Map<string, Approval>();
  /** Movement ids the GM has answered (a request sent again is a replay). */
  readonly #asked = new Map<string, number>();
  /** Moves cut short (STR-28, FAC-23): the cut move the mover's client makes instead, by the cut movement's id. */
  readonly #cuts = new Map<string, { tokenId: string; path: string; at: number }>();
  /** Movements the GM cut short, by id: made whole anyway, the audit undoes them. */
  readonly #cutIds = new Map<string, number>();

  approve(
    movementId: string,
    tokenId: string,
    origin: XY,
    path: readonly MoveWaypoint[],
    fight: string,
    now: number,
  ): void {
    this.#prune(now);
    this.#asked.set(movementId, now);
    if (path.length === 0) return;
    this.#byId.set(movementId, {
      tokenId,
      path: [...path],
      fight,
      cursor: { reached: 0, at: { x: origin.x, y: origin.y } },
      at: now,
    });
  }

  /** A request whose movement the GM has already answered (a replay): it is not checked or charged twice. */
  replayed(movementId: string, now: number): boolean {
    const at = this.#asked.get(movementId);
    return at !== undefined && now - at <= APPROVAL_MS;
  }

  /**
   * Whether a made move is the next part of a movement the GM allowed (its chain's first id names it, or its own id):
   * the same token, from where the last part left it (the GM's document's word, not the mover's), along the rest of
   * the allowed path, ending where the GM's document now has the token, in the same fight revision. A part taken
   * moves the approval on (the last one uses it up); any other move of the token lapses the token's approvals.
   */
  takePart(move: MadeMove, tokenId: string, fight: string, now: number): boolean {
    this.#prune(now);
    const root = move.chain?.[0] ?? move.id;
    const a = typeof root === "string" ? this.#byId.get(root) : undefined;
    const trace =
      a && a.tokenId === tokenId && a.fight === fight && samePoint(a.cursor.at, move.origin)
        ? traceOf(a.path, a.cursor, move.waypoints)
        : null;
    const end = trace?.[(move.passed ?? move.waypoints.length) - 1];
    this.#lapse(tokenId, end && samePoint(end.at, move.destination) ? root : null);
    if (!a || !end || !samePoint(end.at, move.destination)) return false;
    if (end.reached === a.path.length && samePoint(end.at, a.path[a.path.length - 1]!)) this.#byId.delete(root);
    else {
      a.cursor = end;
      a.at = now;
    }
    return true;
  }

  /**
   * The GM cut a move short: the mover's client may make the cut move once (`cut`), already checked and charged; the
   * move as asked is remembered as cut, so it is neither allowed again nor let stand if a client makes it.
   */
  allowCut(movementId: string, tokenId: string, cut: readonly MoveWaypoint[], now: number): void {
    this.#prune(now);
    this.#cuts.set(movementId, { tokenId, path: pathKey(cut), at: now });
    this.#cutIds.set(movementId, now);
    this.#asked.set(movementId, now);
  }

  /** Whether the GM cut this movement short (a client that makes it whole anyway is undone). */
  wasCut(movementId: string, now: number): boolean {
    const at = this.#cutIds.get(movementId);
    return at !== undefined && now - at <= APPROVAL_MS;
  }

  /**
   * The cut move of `movementId`, taken once: for that token, through exactly the cut's waypoints, within the minute.
   */
  takeCut(movementId: string, tokenId: string, waypoints: readonly MoveWaypoint[], now: number): boolean {
    const c = this.#cuts.get(movementId);
    if (!c || c.tokenId !== tokenId || c.path !== pathKey(waypoints) || now - c.at > APPROVAL_MS) return false;
    this.#cuts.delete(movementId);
    return true;
  }

  /** The token's approvals but `keep` lapse: they were given for a place it has left. */
  #lapse(tokenId: string, keep: string | null): void {
    for (const [id, a] of this.#byId) if (a.tokenId === tokenId && id !== keep) this.#byId.delete(id);
  }

  #prune(now: number): void {
    for (const [id, a] of this.#byId) if (now - a.at > APPROVAL_MS) this.#byId.delete(id);
    for (const [id, at] of this.#asked) if (now - at > APPROVAL_MS) this.#asked.delete(id);
    for (const [id, c] of this.#cuts) if (now - c.at > APPROVAL_MS) this.#cuts.delete(id);
    for (const [id, at] of this.#cutIds) if (now - at > APPROVAL_MS) this.#cutIds.delete(id);
  }
}

const pathKey = (waypoints: readonly MoveWaypoint[]): string =>
  waypoints.map((w) => `${w.x},${w.y},${w.action}`).join(";");

/**
 * A move as every client hears of it after it was made (`_onUpdateMovement`): one segment of a movement. Its origin
 * and destination are where the hearing client's own document had the token before and after; its waypoints are the
 * movement's (what this segment passed, then what is still pending), as the mover's client wrote them.
 */
export interface MadeMove {
  readonly id: string;
  /** v13's `movement.chain`: the ids of the segments before this one (none: the first, or a whole move). */
  readonly chain?: readonly string[];
  readonly origin: XY;
  readonly destination: XY;
  readonly waypoints: readonly MoveWaypoint[];
  /** How many of `waypoints` this segment passed (all when absent); the rest are pending. */
  readonly passed?: number;
  /** Foundry's method, or "raw" for a position written without a movement (fray-token-document.ts `rawMove`). */
  readonly method: string;
  /** The token's elevation where the move began, when the move changed it: an undo puts it back too. */
  readonly elevation?: number;
}

interface AuditInput {
  readonly approvals: MoveApprovals;
  readonly spaces: SpaceCache;
  readonly scene: MoveSceneLike;
  readonly token: TokenLike;
  readonly move: MadeMove;
  readonly byGm: boolean;
  readonly ruleset: RulesetId;
  readonly now: number;
  /** The fight on the scene: an unasked move is checked from what the mover's turn had spent, and meets its Blocks. */
  readonly fight: SceneFight;
  /** The fight the move is made in (`fightKey`): an approval counts only in the fight revision it was given in. */
  readonly fightKey: string;
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
 * spent); null for a move that needs none (the GM's, a part of a movement the GM allowed, Foundry's undo).
 */
export function auditedVerdict(input: AuditInput): MoveVerdict | null {
  const { move, token } = input;
  // Called once per made move: a part taken moves its approval on, and any other move lapses the token's approvals.
  const part = input.approvals.takePart(move, token.id ?? "", input.fightKey, input.now);
  if (input.byGm || move.method === "undo" || part) return null;
  if (input.approvals.wasCut(move.id, input.now))
    return refuse("MoveWasCut", "the GM cut this move short; it was made whole anyway");
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
  return checkMove({
    space: input.spaces.get(input.scene),
    scene: input.scene,
    token: before,
    waypoints: move.waypoints,
    ruleset: input.ruleset,
    // SEC-42, SEC-16: an unasked move meets the fight's Blocks and climbs as an asked one does; a climb it made is
    // refused (nobody rolled its checks: no preview, no GM's dice).
    fight: input.fight,
    provoked: [],
  });
}
