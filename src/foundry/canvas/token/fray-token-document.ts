import { formatData } from "../../i18n.js";
import { APPROVAL_MS, type MadeMove } from "../moves/move-audit.js";
import type { MoveClientContext } from "../moves/move-client.js";
import { askToMove, CUT_OF, cutOfOperation, readStop } from "../moves/move-client.js";
import type { MoveWaypoint } from "../check/move-path.js";
import { sceneOf, tokenOf } from "../check/ports-check.js";
import type { XY } from "../space/scene-ports.js";

type PreMovement = Parameters<TokenDocument["_preUpdateMovement"]>[0];
type Movement = Parameters<TokenDocument["_onUpdateMovement"]>[0];

/**
 * The waypoints a movement passes, as the move request carries them: position and action, nothing measured. v13 adds
 * the squares of each straight leg as intermediate waypoints; the check walks every leg square by square itself.
 */
function waypointsOf(movement: Pick<PreMovement, "passed" | "pending">): MoveWaypoint[] {
  return [...passedOf(movement), ...movement.pending.waypoints.filter((w) => !w.intermediate).map(bare)];
}

const bare = (w: { readonly x: number; readonly y: number; readonly action: string }): MoveWaypoint => ({
  x: w.x,
  y: w.y,
  action: w.action,
});
const passedOf = (movement: Pick<PreMovement, "passed">): MoveWaypoint[] =>
  movement.passed.waypoints.filter((w) => !w.intermediate).map(bare);

/**
 * A made segment as the GM's audit reads it: where the hearing client's own document had the token before and has
 * it now (never the mover's word for it), the movement's waypoints and how many this segment passed. A segment whose
 * passed waypoints do not end where the token now stands is read as ending there, so the audit checks the real end.
 */
function madeMove(movement: Movement, origin: XY, destination: XY): MadeMove {
  const passed = passedOf(movement);
  const last = passed[passed.length - 1];
  if (!last || last.x !== destination.x || last.y !== destination.y)
    passed.push({
      x: destination.x,
      y: destination.y,
      action: last?.action ?? movement.pending.waypoints[0]?.action ?? "walk",
    });
  const pending = movement.pending.waypoints.filter((w) => !w.intermediate).map(bare);
  return {
    id: movement.id,
    chain: [...movement.chain],
    origin: { x: origin.x, y: origin.y },
    destination: { x: destination.x, y: destination.y },
    waypoints: [...passed, ...pending],
    passed: passed.length,
    method: movement.method,
  };
}

/** Where a client's document has a token: its position and elevation. */
type Place = XY & { readonly elevation: number };

/**
 * A position an update wrote without a movement, as a made move: from where the hearing client's document had the
 * token to where it has it now, in a straight walk (no action was declared: checked as the one every rule set has). It
 * has no movement id of its own, so no approval is ever its.
 */
function rawMove(from: Place, now: Place): MadeMove {
  const to = { x: now.x, y: now.y };
  const moves = from.x !== now.x || from.y !== now.y;
  return {
    id: "",
    origin: { x: from.x, y: from.y },
    destination: to,
    waypoints: moves ? [{ ...to, action: "walk" }] : [],
    method: "raw",
    elevation: from.elevation,
  };
}

/**
 * Where an update that names no movement for the token leaves it, when it wrote its position (x, y or elevation):
 * such a position is a raw move. Null for an update with a movement, which `_onUpdateMovement` hears.
 */
function writtenPlace(token: { readonly id: string | null } & Place, changed: object, options: object): Place | null {
  if ((options as { _movement?: Record<string, unknown> })._movement?.[token.id ?? ""]) return null;
  if (!("x" in changed || "y" in changed || "elevation" in changed)) return null;
  return { x: token.x, y: token.y, elevation: token.elevation };
}

/** What happens on every client once a move is made: on the active GM, the audit of moves that never asked. */
export type OnMoved = (token: TokenDocument.Implementation, move: MadeMove, userId: string) => void;

/** A client's hands for its token documents: its own move check, and what hears of every made move. */
interface TokenMoveHands {
  readonly context: () => MoveClientContext;
  readonly onMoved?: () => OnMoved;
}

/**
 * The movements the GM allowed a client, by id, with when: their later segments are parts, not new moves. One table
 * per class: a browser has one, and each of a test's clients is a subclass with its own hands.
 */
const allowedBy = new WeakMap<object, Map<string, number>>();

/**
 * Fray's TokenDocument: a move is checked before it is made. Foundry awaits `_preUpdateMovement` on the moving
 * client once the path is final, and a `false` stops the whole move; here the client's own check runs and then the
 * active GM's (move-client.ts), whose refusal is shown in the rule text's words. v13 cuts a movement at every
 * checkpoint (a drag's waypoints, the edges of regions that listen for moves) and runs `_preUpdateMovement` once per
 * segment: the first asks for the whole movement, which the GM checks and charges once; the later ones (their
 * `chain` names the first) are parts of it, not asked again. Once a segment is made, every client hears of it in
 * `_onUpdateMovement`, where the active GM audits it (move-audit.ts): a part of an allowed movement, or a move that
 * never asked. A move the GM cuts short (a failed landing, STR-28; an opportunity attack, FAC-23) is refused whole,
 * since Foundry cannot change a move's waypoints once they reach this point, and made again as far as the cut, once
 * the update is over.
 */
export class FrayTokenDocument extends foundry.documents.TokenDocument {
  /** This client's hands, given at init (register-canvas.ts) before any token is made. */
  static hands: TokenMoveHands = {
    context: () => {
      throw new Error("Fray | FrayTokenDocument.hands are given at init");
    },
  };

  /** Where this client's document last had the token: where the next movement it hears of began. */
  #place: Place;

  constructor(...args: ConstructorParameters<typeof foundry.documents.TokenDocument>) {
    super(...args);
    this.#place = { x: this.x, y: this.y, elevation: this.elevation };
  }

  /** This client's class: its hands and the movements the GM allowed it. */
  get #client(): { hands: TokenMoveHands; allowed: Map<string, number> } {
    const kind = this.constructor as typeof FrayTokenDocument;
    let allowed = allowedBy.get(kind);
    if (!allowed) allowedBy.set(kind, (allowed = new Map<string, number>()));
    return { hands: kind.hands, allowed };
  }

  #remember(id: string): void {
    const allowed = this.#client.allowed;
    const now = Date.now();
    for (const [k, at] of allowed) if (now - at > APPROVAL_MS) allowed.delete(k);
    allowed.set(id, now);
  }

  protected override async _preUpdateMovement(...args: Parameters<TokenDocument["_preUpdateMovement"]>) {
    const [movement, operation] = args;
    if ((await super._preUpdateMovement(...args)) === false) return false;
    const scene = this.parent;
    if (!scene) return undefined;
    // A later segment of a movement the GM allowed whole: checked and charged with it (the GM's audit knows it).
    const first = movement.chain[0];
    if (first !== undefined && this.#client.allowed.has(first)) return undefined;
    const me = this as unknown as TokenDocument.Implementation;
    const cutOf = cutOfOperation(operation) ?? undefined;
    const context = this.#client.hands.context();
    const answer = await askToMove(
      context,
      sceneOf(scene),
      tokenOf(me),
      waypointsOf(movement),
      movement.method,
      movement.id,
      cutOf,
    );
    if (!answer.ok) {
      ui.notifications.warn(answer.key, { format: formatData(answer.data) });
      return false;
    }
    const stop = readStop(answer);
    if (!stop) {
      this.#remember(movement.id);
      return undefined;
    }
    ui.notifications.info(`FRAY.Movement.Stopped.${stop.clause}`, { format: { token: this.name ?? "" } });
    // After this update's workflow: the cut move, which the GM allows once, already charged.
    if (stop.waypoints.length > 0)
      setTimeout(() => {
        const options = {
          method: "api",
          autoRotate: movement.autoRotate,
          showRuler: movement.showRuler,
          [CUT_OF]: movement.id,
        };
        void this.move([...stop.waypoints], options as Parameters<TokenDocument["move"]>[1]);
      }, 0);
    return false;
  }

  /**
   * Every client hears of every update here, before any movement of it. A position written without Foundry's
   * movement workflow (a direct socket write, a patched class) carries no `_movement`: no `_onUpdateMovement` ever
   * follows, so it is heard here as a move that never asked, from where this client's document had the token. So
   * is one whose forged `_movement` breaks Foundry's own reading of it (then nothing of the movement follows).
   */
  protected override _onUpdate(...args: Parameters<TokenDocument["_onUpdate"]>): void {
    let read = false;
    try {
      super._onUpdate(...args);
      read = true;
    } finally {
      const [from, now] = [this.#place, writtenPlace(this, args[0], read ? args[1] : {})];
      if (now && (from.x !== now.x || from.y !== now.y || from.elevation !== now.elevation)) {
        this.#place = now;
        this.#client.hands.onMoved?.()(this, rawMove(from, now), args[2]);
      }
    }
  }

  protected override _onUpdateMovement(...args: Parameters<TokenDocument["_onUpdateMovement"]>): void {
    super._onUpdateMovement(...args);
    const [movement, , user] = args;
    const origin = this.#place;
    this.#place = { x: this.x, y: this.y, elevation: this.elevation };
    this.#client.hands.onMoved?.()(this, madeMove(movement, origin, this.#place), user.id ?? "");
  }
}
