import type { RulesetId } from "../../../core/rulesets.js";
import { isList, isRecord } from "../../../core/shared/guards.js";
import type { MoveEffect } from "../../../core/space/move-effects.js";
import { resumesAfterOpportunity } from "../../../core/space/zones/opportunity.js";
import type { UserLike } from "../../combat/fight/ports.js";
import type { TurnRequestContext } from "../../combat/requests/turn-request.js";
import { isRollMode, type DiceCup, type DiceTray, type RollMode } from "../../dice/dice-tray.js";
import { deny, type RequestAnswer } from "../../requests/request-answer.js";
import type { MoveApprovals } from "./move-audit.js";
import type { MoveCheckInput, MoveSceneLike, MoveVerdict } from "../check/move-check.js";
import { DISPLACE } from "../actions/movement-actions.js";
import { checkMoveDealt } from "../check/move-check.js";
import { OFFER_WAIT_MS, type MoveInterruptions } from "./move-interruptions.js";
import { readWaypoints, type MoveWaypoint } from "../check/move-path.js";
import { moverData, type TokenLike } from "../check/mover-data.js";
import type { SpaceCache } from "../space/space-cache.js";
import { spendMove, type MoveTurn } from "../fight/move-turn.js";
import { fightKeyOf, turnOfToken, type SceneFight } from "../fight/scene-fight.js";
import { refusalSeen } from "../check/seen-scene.js";
import type { Refusal } from "../../../core/shared/outcome.js";

/** The request name token moves travel under on Fray's request channel. */
export const MOVE_REQUEST = "move";

/** What a mover's client sends: which token, and the waypoints it is being moved through. Nothing else is read. */
export interface MoveRequest {
  readonly sceneId: string;
  readonly tokenId: string;
  /** Foundry's id of the movement: the GM remembers the moves it allowed by it (move-audit.ts). */
  readonly movementId?: string;
  /** The move the GM cut short (STR-28, FAC-23) that this one makes as far as the cut: checked and charged already. */
  readonly cutOf?: string;
  /**
   * The mover's roll mode for the dice the move causes. The cards it seals are about the sender's own move, so a mode
   * only narrows who sees the sender's own roll: a player cannot make anyone else's roll public with it.
   */
  readonly rollMode?: RollMode;
  readonly waypoints: readonly MoveWaypoint[];
}

/** How the active GM's client finds what a move request names, and its own compiled scenes. */
export interface MoveRequestContext {
  readonly scene: (
    id: string,
  ) => (MoveSceneLike & { readonly tokens: { get(id: string): TokenLike | undefined } }) | undefined;
  readonly user: (id: string) => UserLike | undefined;
  readonly ruleset: () => RulesetId;
  readonly spaces: SpaceCache;
  /** The moves this GM has allowed (move-audit.ts), by movement id. */
  readonly approvals: MoveApprovals;
  readonly now: () => number;
  /**
   * The fight on a scene (scene-fight.ts): who stands in it, their turns, its Blocks and climbs; a value outside one
   * too.
   */
  readonly fight: (sceneId: string) => SceneFight;
  /** The turn request path a move in a begun fight spends the turn's budget on. */
  readonly turns: TurnRequestContext;
  /**
   * After a move is allowed, the cards for what it causes (falls, descent rolls, free hits, opportunity attacks), with
   * the cup its descents were rolled in when it was checked; the posted cards' ids.
   */
  readonly effects: (
    sceneId: string,
    effects: readonly MoveEffect[],
    senderId: string,
    rollMode: RollMode,
    cup?: DiceCup,
  ) => Promise<readonly string[]>;
  /** The GM's dice: a descent is rolled while the move is checked, before it lands (STR-26, STR-28). */
  readonly dice: DiceTray;
  /** FAC-23: the moves interrupted by an opportunity attack, and whether an offer's card is taken or declined. */
  readonly interruptions: MoveInterruptions;
  readonly offerSettled: (messageId: string) => boolean;
}

const ownString = (rec: Record<string, unknown>, key: string): string | null =>
  Object.hasOwn(rec, key) && typeof rec[key] === "string" && rec[key] !== "" ? rec[key] : null;

/** The request's shape, or null: two own non-empty ids and a well-formed list of waypoints. */
function readMoveRequest(payload: unknown): MoveRequest | null {
  if (!isRecord(payload)) return null;
  const sceneId = ownString(payload, "sceneId");
  const tokenId = ownString(payload, "tokenId");
  const waypoints = readWaypoints(Object.hasOwn(payload, "waypoints") ? payload.waypoints : undefined);
  const movementId = ownString(payload, "movementId");
  const cutOf = ownString(payload, "cutOf");
  const rollMode = Object.hasOwn(payload, "rollMode") && isRollMode(payload.rollMode) ? payload.rollMode : null;
  if (!sceneId || !tokenId || !waypoints) return null;
  return {
    sceneId,
    tokenId,
    waypoints,
    ...(movementId && movementId.length <= 64 ? { movementId } : {}),
    ...(cutOf && cutOf.length <= 64 ? { cutOf } : {}),
    ...(rollMode ? { rollMode } : {}),
  };
}

/**
 * The GM's answer to a move: `senderId` is Foundry's server's word. The token must be the sender's (or the sender a
 * GM); the path starts where the GM's own document has the token, and the move is checked on the GM's own compiled
 * scene by the core, its descents rolled with the GM's dice. The cost a client measured is never read: the answer
 * carries the core's. In a started fight the path is checked from what the turn has left, and the move's turn step is
 * recorded before the answer (move-turn.ts). A move the core cuts short (a failed landing, STR-28; an opportunity
 * attack, FAC-23) is answered with its `stop`: the mover's client makes the cut move instead. What the allowed move
 * causes becomes a card (move-cards/).
 */
export async function handleMoveRequest(
  ctx: MoveRequestContext,
  payload: unknown,
  senderId: string,
): Promise<RequestAnswer> {
  const request = readMoveRequest(payload);
  if (!request) return deny("BadRequest", "the request is not a token move");
  const found = senderToken(ctx, request, senderId);
  if ("ok" in found) return found;
  const { user, scene, token } = found;
  if (user.isGM && request.waypoints.every((w) => w.action === DISPLACE)) return { ok: true, cost: 0 };
  const now = ctx.now();
  if (request.movementId && ctx.approvals.replayed(request.movementId, now))
    return deny("MoveReplayed", `movement ${request.movementId} was already answered`);
  if (request.cutOf) return madeAsCut(ctx, request, token, now);
  const ruleset = ctx.ruleset();
  const provoked = resumeOf(ctx, request, user, token, ruleset, now);
  if (!isList(provoked)) return provoked;
  const fight = ctx.fight(request.sceneId);
  const turn = turnOfToken(fight, request.tokenId);
  if (turn && "ok" in turn) return turn;
  const input: MoveCheckInput = {
    space: ctx.spaces.get(scene),
    scene,
    token,
    waypoints: request.waypoints,
    ruleset,
    fight,
    provoked,
  };
  const { verdict, cup } = await checkRolled(ctx, input);
  // A refusal that names a token the GM hides reaches a player as a neutral one (ruling STR-21).
  if (!verdict.ok) return answered(refusalSeen(verdict, scene.tokens.contents, request.tokenId, user.isGM));
  const made = verdict.stop?.waypoints ?? request.waypoints;
  const from = { x: token.x, y: token.y };
  if (turn) {
    // In a fight the move spends the turn's budget first: a step the engine refuses stops the move before it is made.
    const origin = { sceneId: request.sceneId, tokenId: request.tokenId, ...from };
    const spent = await spendTurn(ctx.turns, turn, verdict, origin, senderId);
    if (!spent.ok) return spent;
  }
  // Allowed once, from where the GM's document has the token, in the fight revision its step was recorded at.
  if (request.movementId && verdict.stop) ctx.approvals.allowCut(request.movementId, request.tokenId, made, now);
  else if (request.movementId)
    ctx.approvals.approve(request.movementId, request.tokenId, from, request.waypoints, fightNow(ctx, request), now);
  ctx.interruptions.clear(request.sceneId, request.tokenId);
  const posted = await postEffects(
    ctx,
    request.sceneId,
    verdict.effects,
    senderId,
    cup,
    request.rollMode ?? "publicroll",
  );
  if (verdict.stop?.clause === "FAC-23") {
    const by = verdict.effects.flatMap((e) => (e.kind === "opportunity-attack" ? [e.by] : []));
    ctx.interruptions.record(request.sceneId, request.tokenId, { by: [...provoked, ...by], offers: posted, at: now });
  }
  return { ok: true, cost: verdict.cost, events: verdict.events, ...(verdict.stop ? { stop: verdict.stop } : {}) };
}

const answered = (r: Pick<Refusal, "key" | "reason" | "data">): RequestAnswer => ({
  ok: false,
  key: r.key,
  reason: r.reason,
  ...(r.data ? { data: r.data } : {}),
});

/**
 * The sender (Foundry's server's word), the scene and the token a request names, as the GM's own documents have them;
 * refused unless the sender owns the token or is a GM.
 */
export function senderToken(
  ctx: Pick<MoveRequestContext, "user" | "scene">,
  request: { readonly sceneId: string; readonly tokenId: string },
  senderId: string,
):
  | {
      readonly user: UserLike;
      readonly scene: NonNullable<ReturnType<MoveRequestContext["scene"]>>;
      readonly token: TokenLike;
    }
  | RequestAnswer {
  const user = ctx.user(senderId);
  if (!user) return deny("UnknownUser", `no user ${senderId}`);
  const scene = ctx.scene(request.sceneId);
  const token = scene?.tokens.get(request.tokenId);
  if (!scene || !token) return deny("UnknownToken", `no token ${request.tokenId} on scene ${request.sceneId}`);
  if (!user.isGM && !token.testUserPermission(user as never, "OWNER"))
    return deny("NotYourToken", `${user.name ?? senderId} does not own token ${request.tokenId}`);
  return { user, scene, token };
}

/** The check, with the GM's dice when there are any: a descent's dice are rolled as the core asks for them. */
async function checkRolled(
  ctx: MoveRequestContext,
  input: MoveCheckInput,
): Promise<{ verdict: MoveVerdict; cup?: DiceCup }> {
  const cup = ctx.dice.cup();
  return { verdict: await checkMoveDealt(input, (sides) => cup.draw(sides)), cup };
}

/**
 * The turn step of an allowed move, charged what the core says the move spent: as far as a cut, or the whole Speed
 * left after a dazing landing (STR-28), naming the card's grant a sections move took (SEC-06). A move out of turn
 * that an opportunity attack stops before it crosses anything costs nothing, yet is refused: it would still offer the
 * attack.
 */
export async function spendTurn(
  turns: TurnRequestContext,
  turn: MoveTurn,
  verdict: Extract<MoveVerdict, { ok: true }>,
  origin: { readonly sceneId: string; readonly tokenId: string; readonly x: number; readonly y: number },
  senderId: string,
): Promise<RequestAnswer> {
  if (verdict.stop && !turn.acting && verdict.charge === 0)
    return deny("NotYourTurn", `${turn.fight.combatant} is not taking a turn`, { name: turn.fight.combatant });
  const { sceneId, tokenId, x, y } = origin;
  const spent = {
    cost: verdict.charge,
    ...(verdict.grant ? { grant: verdict.grant } : {}),
    ...(verdict.climb !== undefined ? { climb: verdict.climb } : {}),
  };
  return spendMove(turns, turn, spent, { sceneId, tokenId, x, y }, senderId);
}

/** The cut move of a move the GM cut short: allowed once, as cut, with nothing checked or charged again. */
function madeAsCut(ctx: MoveRequestContext, request: MoveRequest, token: TokenLike, now: number): RequestAnswer {
  if (!request.cutOf || !ctx.approvals.takeCut(request.cutOf, request.tokenId, request.waypoints, now))
    return deny("CutNotAllowed", "no move was cut short to these waypoints");
  const from = { x: token.x, y: token.y };
  if (request.movementId)
    ctx.approvals.approve(request.movementId, request.tokenId, from, request.waypoints, fightNow(ctx, request), now);
  return { ok: true, cost: 0 };
}

/** The fight the token's move is made in now (`fightKey`), after its step is recorded. */
function fightNow(
  ctx: Pick<MoveRequestContext, "fight" | "turns">,
  at: { readonly sceneId: string; readonly tokenId: string },
): string {
  return fightKeyOf(ctx.fight(at.sceneId), at.tokenId);
}

/**
 * FAC-23: a mover an opportunity attack interrupted waits for it (each offer taken or declined, or the wait run out;
 * the GM may move it anyway), and resumes only if still alive and conscious; its next move does not provoke the same
 * enemies again. Outside an interruption nothing is provoked already.
 */
function resumeOf(
  ctx: MoveRequestContext,
  request: MoveRequest,
  user: UserLike,
  token: TokenLike,
  ruleset: RulesetId,
  now: number,
): RequestAnswer | readonly string[] {
  const interruption = ctx.interruptions.get(request.sceneId, request.tokenId);
  if (!interruption) return [];
  const waiting = now - interruption.at < OFFER_WAIT_MS && interruption.offers.some((id) => !ctx.offerSettled(id));
  if (waiting && !user.isGM) return deny("WaitingForOpportunityAttack", "the opportunity attack is not resolved yet");
  const mover = moverData(token, ruleset);
  if (!resumesAfterOpportunity({ alive: mover.alive, conscious: mover.conscious }))
    return deny("CannotResume", "the character is no longer alive and conscious: its turn does not resume");
  return interruption.by;
}

/** A card that cannot be posted never refuses an allowed move: its turn step is already recorded. */
export async function postEffects(
  ctx: MoveRequestContext,
  sceneId: string,
  effects: readonly MoveEffect[],
  senderId: string,
  cup: DiceCup | undefined,
  rollMode: RollMode = "publicroll",
): Promise<readonly string[]> {
  if (effects.length === 0) return [];
  try {
    return await ctx.effects(sceneId, effects, senderId, rollMode, cup);
  } catch (e) {
    console.error("Fray | a move's cards were not posted", e);
    return [];
  }
}
