import { refuse, type Refusal } from "../shared/outcome.js";

/**
 * Strain's turn economy: Start -> Move -> Action -> Stance -> End, in that order (STR-10),
 * no moving after the Action unless it says so (STR-11), one Stance at the end (STR-12).
 */

export type StrainStep = "start" | "move" | "action" | "stance";

export interface StrainTurn {
  /** Squares of movement spent this turn. */
  readonly moved: number;
  readonly tookAction: boolean;
  /** The Action taken says the character may move again afterwards (STR-11). */
  readonly moveAfterAction: boolean;
  readonly tookStance: boolean;
}

export const FRESH_TURN: StrainTurn = { moved: 0, tookAction: false, moveAfterAction: false, tookStance: false };

/** The furthest step the turn has reached; End is the endTurn command itself. */
export function stepOf(t: StrainTurn): StrainStep {
  if (t.tookStance) return "stance";
  if (t.tookAction) return "action";
  if (t.moved > 0) return "move";
  return "start";
}

export function isStrainTurn(x: unknown): x is StrainTurn {
  if (typeof x !== "object" || x === null) return false;
  const t = x as Record<string, unknown>;
  return (
    typeof t.moved === "number" &&
    Number.isInteger(t.moved) &&
    t.moved >= 0 &&
    typeof t.tookAction === "boolean" &&
    typeof t.moveAfterAction === "boolean" &&
    typeof t.tookStance === "boolean"
  );
}

/** STR-10/11: move `squares` (up to Speed when a Speed is known). */
export function spendMove(t: StrainTurn, squares: number, speed: number | null): StrainTurn | Refusal {
  if (!Number.isInteger(squares) || squares < 1) return refuse("BadSquares", `cannot move ${squares} squares`);
  if (t.tookStance)
    return refuse("MoveAfterStance", "the Stance step comes after the Move; the turn only has its End left", "STR-10");
  if (t.tookAction && !t.moveAfterAction) {
    return refuse(
      "MoveAfterAction",
      "once a character stops moving to take its Action it cannot move again unless the Action says so",
      "STR-11",
    );
  }
  if (speed !== null && t.moved + squares > speed) {
    return refuse("BeyondSpeed", `moving ${squares} more squares would exceed Speed ${speed}`, "STR-10", {
      speed,
      moved: t.moved,
    });
  }
  return { ...t, moved: t.moved + squares };
}

/** STR-10: one Action, before the Stance. */
export function spendAction(t: StrainTurn, moveAfter: boolean): StrainTurn | Refusal {
  if (t.tookAction) return refuse("AlreadyTookAction", "a turn has one Action", "STR-10");
  if (t.tookStance) return refuse("ActionAfterStance", "the Action comes before the Stance", "STR-10");
  // A fresh turn's Action has one of two answers, made once: turns are read-only values (the simulator takes an Action
  // every turn, and a new turn object each time was a tenth of a strain fight).
  if (t === FRESH_TURN) return moveAfter ? ACTION_THEN_MOVE : ACTION_TAKEN;
  return { ...t, tookAction: true, moveAfterAction: moveAfter };
}

const ACTION_TAKEN: StrainTurn = { moved: 0, tookAction: true, moveAfterAction: false, tookStance: false };
const ACTION_THEN_MOVE: StrainTurn = { moved: 0, tookAction: true, moveAfterAction: true, tookStance: false };

/** STR-12: take a new Stance or stay in the current one, once, as the last step before End. */
export function spendStance(t: StrainTurn): StrainTurn | Refusal {
  if (t.tookStance) return refuse("AlreadyTookStance", "the Stance step happens once a turn", "STR-12");
  return { ...t, tookStance: true };
}

/** STR-10a / STR-56: a Panic Roll is due at the start of the turn when Stress Load exceeds Stress Tolerance. */
export function panicRollDue(stressLoad: number, stressTolerance: number): boolean {
  return stressLoad > stressTolerance;
}
