import { formatData } from "../i18n.js";
import type { MoveClientContext } from "./move-client.js";
import { askToMove } from "./move-client.js";
import { sceneOf, tokenOf } from "./ports-check.js";
import type { MoveWaypoint } from "./move-path.js";

type PreMovement = Parameters<TokenDocument["_preUpdateMovement"]>[0];

/** The waypoints a movement passes, as the move request carries them: position and action, nothing measured. */
export function waypointsOf(movement: Pick<PreMovement, "passed" | "pending">): MoveWaypoint[] {
  return [...movement.passed.waypoints, ...movement.pending.waypoints].map((w) => ({ x: w.x, y: w.y, action: w.action }));
}

/**
 * Fray's TokenDocument: a move is checked before it is made. Foundry awaits `_preUpdateMovement` on the moving
 * client once the path is final, and a `false` stops the whole move; here the client's own check runs and then the
 * active GM's (move-client.ts), whose refusal is shown in the rule text's words.
 */
export function frayTokenDocument(context: () => MoveClientContext) {
  return class FrayTokenDocument extends TokenDocument {
    protected override async _preUpdateMovement(...args: Parameters<TokenDocument["_preUpdateMovement"]>) {
      const [movement] = args;
      if ((await super._preUpdateMovement(...args)) === false) return false;
      const scene = this.parent;
      if (!scene) return undefined;
      const me = this as unknown as TokenDocument.Implementation;
      const answer = await askToMove(context(), sceneOf(scene), tokenOf(me), waypointsOf(movement), movement.method);
      if (answer.ok) return undefined;
      ui.notifications.warn(game.i18n.format(answer.key, formatData(answer.data)));
      return false;
    }
  };
}
