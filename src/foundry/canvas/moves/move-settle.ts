import { refuse, type Refusal } from "../../../core/shared/outcome.js";
import type { RequestAnswer } from "../../requests/request-answer.js";
import { auditedVerdict, type MadeMove } from "./move-audit.js";
import type { MoveSceneLike } from "../check/move-check.js";
import { postEffects, spendTurn, type MoveRequestContext } from "./move-request.js";
import type { XY } from "../space/scene-ports.js";
import type { TokenLike } from "../check/mover-data.js";
import { fightKey } from "../fight/move-turn.js";
import { fightKeyOf, turnOfToken } from "../fight/scene-fight.js";

/** What the GM's client does with a move that never asked: nothing, undo it, or put the token where the core cut it. */
type Settlement =
  | { readonly kind: "stands" }
  | { readonly kind: "undo"; readonly refusal: Refusal | Extract<RequestAnswer, { ok: false }> }
  | { readonly kind: "cut"; readonly to: XY };

/**
 * The active GM settles a move made without its check (issue 14: a client that never rendered the token sends cost
 * 0): checked by the core from where it began and, in a started fight, from what the turn had spent; an illegal one is
 * undone, a legal one is charged to the turn's budget as the turn step the mover would have sent (refused by the
 * engine: undone) and makes the same move cards as a checked move. One the core cuts short (FAC-23) is put back where
 * it stops. Its descents were not rolled before it landed: their cards roll them (STR-26 ruling).
 */
export async function settleUnasked(
  ctx: MoveRequestContext,
  scene: MoveSceneLike & { readonly id: string | null },
  token: TokenLike,
  move: MadeMove,
  byGm: boolean,
  userId: string,
): Promise<Settlement> {
  const now = ctx.now();
  const sceneId = scene.id ?? "";
  const tokenId = token.id ?? "";
  const fight = ctx.fight(sceneId);
  // A GM's move is no turn step: it is made in no turn.
  const turn = byGm ? null : turnOfToken(fight, tokenId);
  const key = fightKey(turn);
  const ruleset = ctx.ruleset();
  const input = {
    approvals: ctx.approvals,
    spaces: ctx.spaces,
    scene,
    token,
    move,
    byGm,
    ruleset,
    now,
    fight,
    fightKey: key,
  };
  // In a fight a player's own client refuses Foundry's undo of a move (the tracker's undo of the turn step is the one
  // undo): an undo made there anyway came from a client that skipped that check, and is undone in its turn.
  if (turn && !("ok" in turn) && move.method === "undo" && !byGm) {
    ctx.approvals.takePart(move, tokenId, key, now);
    return {
      kind: "undo",
      refusal: refuse("UndoMoveInFight", "a move in a fight is undone as a turn step, from the combat tracker"),
    };
  }
  if (turn && "ok" in turn) {
    if (auditedVerdict(input) === null) return { kind: "stands" };
    return { kind: "undo", refusal: turn as Extract<RequestAnswer, { ok: false }> };
  }
  const verdict = auditedVerdict(input);
  if (verdict === null) return { kind: "stands" };
  if (!verdict.ok) return { kind: "undo", refusal: verdict };
  const made = verdict.stop?.waypoints ?? move.waypoints;
  if (turn) {
    const origin = { sceneId, tokenId, x: move.origin.x, y: move.origin.y };
    const spent = await spendTurn(ctx.turns, turn, verdict, origin, userId);
    if (!spent.ok) return { kind: "undo", refusal: spent };
  }
  // The movement is settled once, as a whole: its later segments are its parts, not charged again.
  const after = turn ? fightKeyOf(ctx.fight(sceneId), tokenId) : key;
  ctx.approvals.approve(move.id, tokenId, move.origin, move.waypoints, after, now);
  ctx.approvals.takePart(move, tokenId, after, now);
  const posted = await postEffects(ctx, sceneId, verdict.effects, userId, undefined);
  if (verdict.stop?.clause === "FAC-23") {
    const by = verdict.effects.flatMap((e) => (e.kind === "opportunity-attack" ? [e.by] : []));
    ctx.interruptions.record(sceneId, tokenId, { by, offers: posted, at: now });
  }
  if (!verdict.stop) return { kind: "stands" };
  const last = made[made.length - 1];
  return { kind: "cut", to: last ? { x: last.x, y: last.y } : move.origin };
}
