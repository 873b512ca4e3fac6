import { formatData } from "../i18n.js";
import type { MadeMove } from "./move-audit.js";
import type { MoveClientContext } from "./move-client.js";
import { askToMove, CUT_OF, cutOfOperation, readStop } from "./move-client.js";
import type { MoveWaypoint } from "./move-path.js";
import { sceneOf, tokenOf } from "./ports-check.js";

type PreMovement = Parameters<TokenDocument["_preUpdateMovement"]>[0];
type Movement = Parameters<TokenDocument["_onUpdateMovement"]>[0];

/** The waypoints a movement passes, as the move request carries them: position and action, nothing measured. */
export function waypointsOf(movement: Pick<PreMovement, "passed" | "pending">): MoveWaypoint[] {
  return [...movement.passed.waypoints, ...movement.pending.waypoints].map((w) => ({ x: w.x, y: w.y, action: w.action }));
}

/** A made move as the GM's audit reads it. */
export function madeMove(movement: Movement): MadeMove {
  const { origin, destination } = movement;
  return {
    id: movement.id,
    origin: { x: origin.x, y: origin.y },
    destination: { x: destination.x, y: destination.y },
    waypoints: waypointsOf(movement),
    method: movement.method,
  };
}

/** What happens on every client once a move is made: on the active GM, the audit of moves that never asked. */
export type OnMoved = (token: TokenDocument.Implementation, move: MadeMove, userId: string) => void;

/**
 * Fray's TokenDocument: a move is checked before it is made. Foundry awaits `_preUpdateMovement` on the moving
 * client once the path is final, and a `false` stops the whole move; here the client's own check runs and then the
 * active GM's (move-client.ts), whose refusal is shown in the rule text's words. Once a move is made, every client
 * hears of it in `_onUpdateMovement`, where the active GM audits a move that never asked (move-audit.ts). A move the
 * GM cuts short (a failed landing, STR-28; an opportunity attack, FAC-23) is refused whole, since Foundry cannot
 * change a move's waypoints once they reach this point, and made again as far as the cut, once the update is over.
 */
export function frayTokenDocument(context: () => MoveClientContext, onMoved?: () => OnMoved) {
  return class FrayTokenDocument extends TokenDocument {
    protected override async _preUpdateMovement(...args: Parameters<TokenDocument["_preUpdateMovement"]>) {
      const [movement, operation] = args;
      if ((await super._preUpdateMovement(...args)) === false) return false;
      const scene = this.parent;
      if (!scene) return undefined;
      const me = this as unknown as TokenDocument.Implementation;
      const cutOf = cutOfOperation(operation) ?? undefined;
      const answer = await askToMove(context(), sceneOf(scene), tokenOf(me), waypointsOf(movement), movement.method, movement.id, cutOf);
      if (!answer.ok) {
        ui.notifications.warn(game.i18n.format(answer.key, formatData(answer.data)));
        return false;
      }
      const stop = readStop(answer);
      if (!stop) return undefined;
      ui.notifications.info(game.i18n.format(`FRAY.Movement.Stopped.${stop.clause}`, { token: this.name ?? "" }));
      // After this update's workflow: the cut move, which the GM allows once, already charged.
      if (stop.waypoints.length > 0)
        setTimeout(() => {
          const options = { method: "api", autoRotate: movement.autoRotate, showRuler: movement.showRuler, [CUT_OF]: movement.id };
          void this.move([...stop.waypoints], options as Parameters<TokenDocument["move"]>[1]);
        }, 0);
      return false;
    }

    protected override _onUpdateMovement(...args: Parameters<TokenDocument["_onUpdateMovement"]>): void {
      super._onUpdateMovement(...args);
      const [movement, , user] = args;
      onMoved?.()(this as unknown as TokenDocument.Implementation, madeMove(movement), user.id ?? "");
    }
  };
}
