import { isGrantFor, type MoveGrant } from "../../../core/economy/sections.js";
import { isRecord } from "../../../core/shared/guards.js";
import type { TurnOrderView } from "../../../core/turn-order/types.js";
import type { TurnCommand } from "../../combat/fight/turn-command.js";
import type { ClimbAfterMove } from "../../../core/turn-order/sections/types.js";

/**
 * What the turn engine has already spent of a mover's movement this turn, as the path check starts from it: squares
 * of Speed (strain's Move, STR-19) and zones (FAC-06, FAC-07). The others need no number: sections' innate Move
 * (SEC-05), escalation's Move Action (ESC-07) and teams' Move (TEAM-20) are taken whole, and the engine refuses a
 * second one. Sections also hand over whether the innate Move is spent and the Moves cards played this turn grant.
 */
export interface MoveBudget {
  readonly squaresMoved?: number;
  readonly zonesMoved?: number;
  /** ESC-43: the mover disengaged this round (its leaving a melee zone provokes no free hit). */
  readonly disengaged?: boolean;
  /** SEC-05: the innate Move is spent this turn. */
  readonly innateMoveUsed?: boolean;
  /** SEC-06: the Moves granted by cards played this turn, still to take (the turn view's, in order played). */
  readonly grants?: readonly MoveGrant[];
}

/** Where a move came from, carried in the turn step it spends, so the GM's undo of that step puts the token back. */
export interface MoveOrigin {
  readonly sceneId: string;
  readonly tokenId: string;
  readonly x: number;
  readonly y: number;
}

const whole = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : 0);

/**
 * The movement a combatant has spent this turn, as its turn order's public view says (`moved`, for the acting
 * combatant only): nothing is read from the engines' internal state.
 */
export function budgetOf(
  view: Pick<TurnOrderView, "acting" | "moved" | "disengaged" | "innateMoveUsed" | "grants">,
  combatant: string,
): MoveBudget {
  // SEC-06: the pending grants this combatant may take: its own cards' while it acts, and those a card grants it.
  const grants = (view.grants ?? []).filter((g) => isGrantFor(g, view.acting, combatant));
  const granted = grants.length > 0 ? { grants } : {};
  if (view.acting !== combatant) return granted;
  const { squares, zones } = view.moved ?? {};
  return {
    ...(squares !== undefined ? { squaresMoved: whole(squares) } : {}),
    ...(zones !== undefined ? { zonesMoved: whole(zones) } : {}),
    ...(view.disengaged === true ? { disengaged: true } : {}),
    ...(view.innateMoveUsed === true ? { innateMoveUsed: true } : {}),
    ...granted,
  };
}

/**
 * The turn engine's command for a move that cost `cost` in the model's unit, or null when it costs nothing (walking
 * about inside one's own section or zone is no Move, SEC-03). Each is the engine's own way of moving:
 * sections' `move` (SEC-04 innate, SEC-06 granted: the card's grant the check took), escalation's Move Action (ESC-07,
 * ruling: one move per Move Action), strain's squares of Speed (STR-19), teams' Move (TEAM-20), factions' zones
 * (FAC-06).
 */
export function moveCommand(
  mode: string,
  combatant: string,
  cost: number,
  origin: MoveOrigin,
  grant?: MoveGrant,
  /** SEC-15/SEC-16: the mover's climb once a sections Move is made, when it started, moved on or ended one. */
  climb?: ClimbAfterMove,
): TurnCommand | null {
  if (!(cost > 0)) return null;
  const move = { move: origin };
  switch (mode) {
    case "sections": {
      const climbed = climb !== undefined ? { climb } : {};
      return grant
        ? { type: "move", combatant, kind: "granted", source: grant.source, movement: grant.kind, ...climbed, ...move }
        : { type: "move", combatant, kind: "innate", ...climbed, ...move };
    }
    case "ranked":
      return { type: "spend", combatant, action: "move", pay: "MA", ...move };
    case "rolled":
      return { type: "spend", combatant, action: "move", squares: cost, ...move };
    case "teams":
      return { type: "spend", combatant, action: "Move", ...move };
    case "factions":
      return { type: "spend", combatant, action: "Move", zones: cost, ...move };
    default:
      return null;
  }
}

/** The origin a turn step carries, if it is a move's (read from the stored log: untrusted). */
export function originOf(command: unknown): MoveOrigin | null {
  const m = isRecord(command) && Object.hasOwn(command, "move") ? command.move : undefined;
  if (!isRecord(m)) return null;
  const { sceneId, tokenId, x, y } = m;
  if (typeof sceneId !== "string" || typeof tokenId !== "string") return null;
  if (typeof x !== "number" || typeof y !== "number" || !Number.isFinite(x) || !Number.isFinite(y)) return null;
  return { sceneId, tokenId, x, y };
}
