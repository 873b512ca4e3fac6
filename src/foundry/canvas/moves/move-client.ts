import type { RulesetId } from "../../../core/rulesets.js";
import type { RequestAnswer } from "../../requests/request-answer.js";
import { checkMove, type MoveSceneLike } from "../check/move-check.js";
import type { MoveWaypoint } from "../check/move-path.js";
import { MOVE_REQUEST, type MoveRequest } from "./move-request.js";
import { DISPLACE } from "../actions/movement-actions.js";
import { isRecord } from "../../../core/shared/guards.js";
import type { MoveStop } from "../check/move-check.js";
import { readWaypoints } from "../check/move-path.js";
import type { TokenLike } from "../check/mover-data.js";
import type { SpaceCache } from "../space/space-cache.js";
import type { RollMode } from "../../dice/dice-tray.js";
import type { SceneFight } from "../fight/scene-fight.js";
import { seenScene } from "../check/seen-scene.js";

/** The mover's client: its own compiled scenes, the world rule set, and the request channel to the GM. */
export interface MoveClientContext {
  readonly spaces: SpaceCache;
  readonly ruleset: () => RulesetId;
  readonly send: (name: string, payload: MoveRequest) => Promise<RequestAnswer>;
  readonly isGM: boolean;
  /** The mover's roll mode, for the dice a move causes (a fall, a descent roll): it narrows who sees their own roll. */
  readonly rollMode: () => RollMode;
  /**
   * The fight on a scene, as the GM's check reads it: who stands in a started fight (a move there is a turn step,
   * undone from the tracker), what the mover's turn has spent and the Moves its cards grant (SEC-06), the Blocks
   * (SEC-42: a Blocked move is refused here first) and the climbs (SEC-16).
   */
  readonly fight: (sceneId: string) => SceneFight;
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
  /** The cut move of a move the GM cut short (STR-28, FAC-23): that movement's id. */
  cutOf?: string,
): Promise<RequestAnswer> {
  // In a fight the turn step is the move's one undo (it puts the token back); Foundry's own would keep the budget
  // spent.
  if (method === "undo" && ctx.fight(scene.id ?? "").fighters.has(token.id ?? ""))
    return {
      ok: false,
      key: "FRAY.Refusal.UndoMoveInFight",
      reason: "a move in a fight is undone as a turn step, from the combat tracker",
    };
  if (method === "undo") return { ok: true };
  if (ctx.isGM && waypoints.every((w) => w.action === DISPLACE)) return { ok: true };
  const space = ctx.spaces.get(scene);
  if (space.model === "none") return { ok: true };
  // The same input the GM's check and the ruler get: in a fight, a Fly a card grants passes here as it does there,
  // and a Blocked border is refused here first.
  const fight = ctx.fight(scene.id ?? "");
  // A climb is only previewed here: the GM rolls its checks. A player's client knows nothing of the tokens the GM
  // hides (ruling STR-21): it does not refuse a move for one, the GM's check does, without naming it.
  const own = checkMove({
    space,
    scene: seenScene(scene, token.id, ctx.isGM),
    token,
    waypoints,
    ruleset: ctx.ruleset(),
    preview: true,
    fight,
    provoked: [],
  });
  if (!own.ok)
    return withRegionNames(
      { ok: false, key: own.key, reason: own.reason, ...(own.data ? { data: own.data } : {}) },
      scene,
    );
  const rollMode = ctx.rollMode();
  const request = {
    sceneId: scene.id ?? "",
    tokenId: token.id ?? "",
    waypoints,
    ...(movementId ? { movementId } : {}),
    ...(cutOf ? { cutOf } : {}),
    rollMode,
  };
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

const STOP_CLAUSES: readonly MoveStop["clause"][] = ["STR-28", "STR-19", "FAC-23", "SEC-16"];

/** The GM's cut of an allowed move, read from its answer (the socket's data), or null when the move is made whole. */
export function readStop(answer: RequestAnswer): MoveStop | null {
  if (!answer.ok || !isRecord(answer.stop)) return null;
  const { clause, waypoints } = answer.stop;
  if (typeof clause !== "string" || !(STOP_CLAUSES as readonly string[]).includes(clause)) return null;
  const list = Array.isArray(waypoints) && waypoints.length === 0 ? [] : readWaypoints(waypoints);
  return list ? { clause: clause as MoveStop["clause"], waypoints: list } : null;
}

/** The option a cut move carries in its update operation, naming the movement the GM cut short. */
export const CUT_OF = "frayCutOf";

/** The movement a cut move replaces, read from the update operation (null for any other move). */
export function cutOfOperation(operation: unknown): string | null {
  const v = isRecord(operation) && Object.hasOwn(operation, CUT_OF) ? operation[CUT_OF] : undefined;
  return typeof v === "string" && v !== "" ? v : null;
}
