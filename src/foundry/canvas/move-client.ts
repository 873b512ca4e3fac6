import type { RulesetId } from "../../core/rulesets.js";
import type { RequestAnswer } from "../requests/request-answer.js";
import type { MoveSceneLike } from "./move-check.js";
import { checkMoveLoaded } from "./move-check-registry.js";
import type { MoveWaypoint } from "./move-path.js";
import { DISPLACE, MOVE_REQUEST, type MoveRequest } from "./move-request.js";
import type { TokenLike } from "./mover-data.js";
import type { SpaceCache } from "./space-cache.js";
import type { SceneBlock } from "./scene-blocks.js";

/** The mover's client: its own compiled scenes, the world rule set, and the request channel to the GM. */
export interface MoveClientContext {
  readonly spaces: SpaceCache;
  readonly ruleset: () => RulesetId;
  readonly send: (name: string, payload: MoveRequest) => Promise<RequestAnswer>;
  readonly isGM: boolean;
  /** Whether the token stands in a started fight, where a move is a turn step and is undone from the tracker. */
  readonly inFight?: (sceneId: string, tokenId: string) => boolean;
  /** SEC-42: the Blocks up on a scene (the GM's check reads the same), so a Blocked move is refused here first. */
  readonly blocks?: (sceneId: string) => readonly SceneBlock[];
}

/**
 * Whether a move may be made, asked from the moving client's `_preUpdateMovement`: first its own check (a move its
 * own map refuses never travels), then the active GM's, which is the one that counts. A move Foundry makes to undo
 * a recorded one, and a GM's displace, are not checked (but in a fight Foundry's undo is refused: the tracker's undo
 * of the turn step puts the token back); on a scene with no space model nothing is.
 */
export async function askToMove(
  ctx: MoveClientContext,
  scene: MoveSceneLike,
  token: TokenLike,
  waypoints: readonly MoveWaypoint[],
  method: string,
  movementId?: string,
): Promise<RequestAnswer> {
  // In a fight the turn step is the move's one undo (it puts the token back); Foundry's own would keep the budget spent.
  if (method === "undo" && ctx.inFight?.(scene.id ?? "", token.id ?? ""))
    return {
      ok: false,
      key: "FRAY.Refusal.UndoMoveInFight",
      reason: "a move in a fight is undone as a turn step, from the combat tracker",
    };
  if (method === "undo") return { ok: true };
  if (ctx.isGM && waypoints.every((w) => w.action === DISPLACE)) return { ok: true };
  const space = ctx.spaces.get(scene);
  if (space.model === "none") return { ok: true };
  const blocks = ctx.blocks?.(scene.id ?? "") ?? [];
  const own = await checkMoveLoaded({ space, scene, token, waypoints, ruleset: ctx.ruleset(), ...(blocks.length > 0 ? { blocks } : {}) });
  if (!own.ok) return withRegionNames({ ok: false, key: own.key, reason: own.reason, ...(own.data ? { data: own.data } : {}) }, scene);
  const request = { sceneId: scene.id ?? "", tokenId: token.id ?? "", waypoints, ...(movementId ? { movementId } : {}) };
  return withRegionNames(await ctx.send(MOVE_REQUEST, request), scene);
}

/** The refusal values that name sections, zones or borders (by region id), and so are shown by the regions' names. */
const PLACE_KEYS = new Set(["border", "section", "place", "from", "to", "zone"]);

/** A refusal as the user reads it: "Hall | Dais" where the core names the border "<id>|<id>". */
export function withRegionNames(answer: RequestAnswer, scene: Pick<MoveSceneLike, "regions">): RequestAnswer {
  if (answer.ok || !answer.data) return answer;
  const names = new Map(scene.regions.contents.map((r) => [r.id ?? "", r.name]));
  const data: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(answer.data))
    data[k] =
      PLACE_KEYS.has(k) && typeof v === "string"
        ? v
            .split("|")
            .map((id) => names.get(id) ?? id)
            .join(" | ")
        : v;
  return { ...answer, data };
}
