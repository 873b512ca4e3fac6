import { isRecord } from "../../../core/shared/guards.js";
import { isRollMode, type RollMode } from "../../dice/dice-tray.js";
import { deny, type RequestAnswer } from "../../requests/request-answer.js";
import { checkLetGo } from "../check/move-check-sections.js";
import { postEffects, senderToken, spendTurn, type MoveRequestContext } from "../moves/move-request.js";
import { turnOfToken } from "../fight/scene-fight.js";

/** The request name a climber's "let go" travels under (SEC-21). */
export const LET_GO_REQUEST = "letGo";

/** What the climber's client sends: which token lets go, and the roll mode for its fall. Nothing else is read. */
interface LetGoRequest {
  readonly sceneId: string;
  readonly tokenId: string;
  readonly rollMode?: RollMode;
}

const ownId = (rec: Record<string, unknown>, key: string): string | null => {
  const v = Object.hasOwn(rec, key) ? rec[key] : undefined;
  return typeof v === "string" && v !== "" && v.length <= 64 ? v : null;
};

function readLetGoRequest(payload: unknown): LetGoRequest | null {
  if (!isRecord(payload)) return null;
  const sceneId = ownId(payload, "sceneId");
  const tokenId = ownId(payload, "tokenId");
  if (!sceneId || !tokenId) return null;
  const mode = Object.hasOwn(payload, "rollMode") ? payload.rollMode : undefined;
  return { sceneId, tokenId, ...(isRollMode(mode) ? { rollMode: mode } : {}) };
}

/**
 * SEC-21 on the active GM's client: the climber's owner (or a GM) lets go as a Move. Checked by the core from the GM's
 * own documents and the fight's climbs (a player names only the token), the Move spent through the turn request path
 * with the climb ended (so the GM's undo gives both back), then the fall from the Height climbed is a card, rolled
 * with the GM's dice. Only in a started fight: outside one no climb is kept to let go of.
 */
export async function handleLetGoRequest(
  ctx: MoveRequestContext,
  payload: unknown,
  senderId: string,
): Promise<RequestAnswer> {
  const request = readLetGoRequest(payload);
  if (!request) return deny("BadRequest", "the request is not a climber letting go");
  const found = senderToken(ctx, request, senderId);
  if ("ok" in found) return found;
  const { scene, token } = found;
  const fight = ctx.fight(request.sceneId);
  const turn = turnOfToken(fight, request.tokenId);
  if (!turn) return deny("NotClimbing", `${token.name ?? request.tokenId} is not climbing`, { id: token.name ?? "" });
  if ("ok" in turn) return turn;
  const verdict = checkLetGo({
    space: ctx.spaces.get(scene),
    scene,
    token,
    ruleset: ctx.ruleset(),
    fight,
  });
  if (!verdict.ok)
    return { ok: false, key: verdict.key, reason: verdict.reason, ...(verdict.data ? { data: verdict.data } : {}) };
  const origin = { sceneId: request.sceneId, tokenId: request.tokenId, x: token.x, y: token.y };
  const spent = await spendTurn(ctx.turns, turn, verdict, origin, senderId);
  if (!spent.ok) return spent;
  await postEffects(ctx, request.sceneId, verdict.effects, senderId, undefined, request.rollMode ?? "publicroll");
  return { ok: true };
}
