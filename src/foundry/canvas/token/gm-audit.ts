import { formatData } from "../../i18n.js";
import type { OnMoved } from "./fray-token-document.js";
import { MoveApprovals } from "../moves/move-audit.js";
import { settleUnasked } from "../moves/move-settle.js";
import type { MoveRequestContext } from "../moves/move-request.js";
import { sceneOf, tokenOf } from "../check/ports-check.js";
import type { SpaceCache } from "../space/space-cache.js";
import { theGame } from "../../game/game-port.js";

/** The moves the active GM's client has allowed (move-request.ts writes, the audit reads). */
export const approvals = new MoveApprovals();

const displace = (token: TokenDocument.Implementation, to: { x: number; y: number; elevation?: number | undefined }) =>
  token.move(
    { x: to.x, y: to.y, ...(to.elevation === undefined ? {} : { elevation: to.elevation }), action: "displace" },
    { method: "api", autoRotate: false, showRuler: false },
  );

/**
 * The active GM's audit of a made move (called on every client; only the active GM acts): a move that never asked is
 * settled as a checked one (move-settle.ts: charged to the turn, its cards posted); one that breaks the rules, or that
 * the turn order refuses, is undone (as Foundry undoes a recorded move, else by putting the token back where the move
 * began), and the GM is told whose move it was and why it was undone; one an opportunity attack interrupts is put
 * back where it stops (FAC-23). A position written without a movement (method "raw") is audited the same way; it
 * has no recorded movement to revert, so its undo puts the token back, elevation included.
 */
export function gmAudit(spaces: () => SpaceCache, moves: MoveRequestContext): OnMoved {
  return (token, move, userId) => {
    const game = theGame();
    if (!game.user.isActiveGM || !token.parent) return;
    const user = game.users.get(userId);
    const ctx = { ...moves, spaces: spaces(), approvals };
    const [scene, moved] = [sceneOf(token.parent), tokenOf(token)];
    void settleUnasked(ctx, scene, moved, move, user?.isGM ?? false, userId).then(async (settled) => {
      if (settled.kind === "cut") return void (await displace(token, settled.to));
      if (settled.kind !== "undo") return;
      const reason = game.i18n.format(settled.refusal.key, formatData(settled.refusal.data));
      ui.notifications.warn("FRAY.Movement.Undone", {
        format: { token: token.name ?? "", user: user?.name ?? userId, reason },
      });
      if (move.method === "raw" || !(await token.revertRecordedMovement(move.id)))
        await displace(token, { ...move.origin, elevation: move.elevation });
    });
  };
}
