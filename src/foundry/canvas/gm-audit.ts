import { formatData } from "../i18n.js";
import { currentRuleset } from "../settings/ruleset.js";
import type { OnMoved } from "./fray-token-document.js";
import { auditMove, MoveApprovals } from "./move-audit.js";
import { sceneOf, tokenOf } from "./ports-check.js";
import type { SpaceCache } from "./space-cache.js";

/** The moves the active GM's client has allowed (move-request.ts writes, the audit reads). */
export const approvals = new MoveApprovals();

/**
 * The active GM's audit of a made move (called on every client; only the active GM acts): a move that never asked,
 * and breaks the rules, is undone (as Foundry undoes a recorded move, else by putting the token back where the move
 * began), and the GM is told whose move it was and why it was undone.
 */
export function gmAudit(spaces: () => SpaceCache): OnMoved {
  return (token, move, userId) => {
    if (!game.user.isActiveGM || !token.parent) return;
    const user = game.users.get(userId);
    const refusal = auditMove({
      approvals,
      spaces: spaces(),
      scene: sceneOf(token.parent),
      token: tokenOf(token),
      move,
      byGm: user?.isGM ?? false,
      ruleset: currentRuleset(),
      now: Date.now(),
    });
    if (!refusal) return;
    const reason = game.i18n.format(refusal.key, formatData(refusal.data));
    ui.notifications.warn(game.i18n.format("FRAY.Movement.Undone", { token: token.name, user: user?.name ?? userId, reason }));
    void token.revertRecordedMovement(move.id).then((undone) => {
      if (!undone)
        return token.move(
          { x: move.origin.x, y: move.origin.y, action: "displace" },
          { method: "api", autoRotate: false, showRuler: false },
        );
      return undefined;
    });
  };
}
