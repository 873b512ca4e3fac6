import { refuse, type Refusal } from "../shared/outcome.js";

/**
 * The sections turn economy: one turn is draw -> Strategy Phase -> Action Phase -> discard,
 * plus one innate Move anywhere between the draw and the discard (SEC-04, SEC-05) and any
 * number of Moves granted by cards (SEC-06). Only the spending is tracked here; what a Block
 * or an incantation does is the business of the attack and space code.
 */

/** Where a turn stands: waiting for its draw, in a Phase, waiting for its discard, or discarded. */
export type SectionsStep = "draw" | "strategy" | "action" | "discard" | "discarded";

export type SectionsPhase = "strategy" | "action";

/** SEC-42: the Strategy Phase can pay for a Block; "strategy" stands for any other Strategy card. */
export const STRATEGY_SPENDS = ["block", "strategy"] as const;
/** SEC-61: the Action Phase pays for an Action or for beginning to incant. */
export const ACTION_SPENDS = ["action", "incant"] as const;

export type StrategySpend = (typeof STRATEGY_SPENDS)[number];
export type ActionSpend = (typeof ACTION_SPENDS)[number];

/** SEC-06 ruling: when a Move granted by a card may be taken. */
/** SEC-06 ruling: when a granted Move may be taken; the choices a table may pick. */
export const GRANTED_MOVE_WINDOWS = ["anytime", "drawToDiscard"] as const;
export type GrantedMoveWindow = (typeof GRANTED_MOVE_WINDOWS)[number];

export interface SectionsTurnBudget {
  readonly step: SectionsStep;
  /** SEC-05: the innate Move has been taken this turn. */
  readonly innateMoveUsed: boolean;
  /** SEC-06: granted Moves taken this turn; they never touch the innate one. */
  readonly grantedMoves: number;
  /** What each Phase was spent on, or null when it was not (or not yet) spent. */
  readonly strategy: StrategySpend | null;
  readonly action: ActionSpend | null;
}

export const FRESH_TURN: SectionsTurnBudget = { step: "draw", innateMoveUsed: false, grantedMoves: 0, strategy: null, action: null };

const STEPS: readonly SectionsStep[] = ["draw", "strategy", "action", "discard", "discarded"];

export function isStep(x: unknown): x is SectionsStep {
  return typeof x === "string" && (STEPS as readonly string[]).includes(x);
}

export function isSpend(phase: SectionsPhase, x: unknown): boolean {
  const list: readonly string[] = phase === "strategy" ? STRATEGY_SPENDS : ACTION_SPENDS;
  return typeof x === "string" && list.includes(x);
}

export function isTurnBudget(x: unknown): x is SectionsTurnBudget {
  if (typeof x !== "object" || x === null) return false;
  const t = x as Record<string, unknown>;
  return (
    isStep(t.step) &&
    typeof t.innateMoveUsed === "boolean" &&
    typeof t.grantedMoves === "number" &&
    Number.isInteger(t.grantedMoves) &&
    t.grantedMoves >= 0 &&
    (t.strategy === null || isSpend("strategy", t.strategy)) &&
    (t.action === null || isSpend("action", t.action))
  );
}

/** The card has been drawn and not yet discarded: the window of SEC-05. */
export function inMoveWindow(t: SectionsTurnBudget): boolean {
  return t.step !== "draw" && t.step !== "discarded";
}

export function draw(t: SectionsTurnBudget): SectionsTurnBudget | Refusal {
  if (t.step !== "draw") return refuse("AlreadyDrawn", "the card for this turn has already been drawn", "SEC-05");
  return { ...t, step: "strategy" };
}

/**
 * Spend a Phase. The Strategy Phase comes before the Action Phase, so spending the Action Phase
 * gives up a Strategy Phase not yet spent.
 */
export function spend(t: SectionsTurnBudget, phase: SectionsPhase, action: string): SectionsTurnBudget | Refusal {
  if (phase !== "strategy" && phase !== "action") {
    return refuse("UnknownPhase", `a turn has a Strategy Phase and an Action Phase, not "${String(phase)}"`);
  }
  if (!isSpend(phase, action)) {
    const list = (phase === "strategy" ? STRATEGY_SPENDS : ACTION_SPENDS).join(", ");
    return refuse("UnknownSpend", `the ${phase} Phase can be spent on ${list}, not "${String(action)}"`, undefined, {
      phase,
      action: String(action),
    });
  }
  if (t.step === "draw") return refuse("MustDrawFirst", "draw a card before spending a Phase", "SEC-05");
  if (phase === "strategy") {
    if (t.step !== "strategy") return phaseOver("strategy");
    return { ...t, step: "action", strategy: action as StrategySpend };
  }
  if (t.step !== "strategy" && t.step !== "action") return phaseOver("action");
  return { ...t, step: "discard", action: action as ActionSpend };
}

/** SEC-04/SEC-05: one innate Move per turn, after the draw and before the discard, spending no Phase. */
export function innateMove(t: SectionsTurnBudget): SectionsTurnBudget | Refusal {
  if (t.step === "draw") return refuse("MoveBeforeDraw", "the innate Move comes after the turn's card draw", "SEC-05");
  if (t.step === "discarded") return refuse("MoveAfterDiscard", "the innate Move must be taken before the turn's discard", "SEC-05");
  if (t.innateMoveUsed) return refuse("InnateMoveUsed", "the innate Move can be used only once per turn", "SEC-05");
  return { ...t, innateMoveUsed: true };
}

/** SEC-06: a granted Move is on top of the innate one; the window is an option (see the rulings). */
export function grantedMove(t: SectionsTurnBudget, allowed: GrantedMoveWindow): SectionsTurnBudget | Refusal {
  if (allowed === "drawToDiscard" && !inMoveWindow(t)) {
    return refuse("GrantedMoveOutsideWindow", "granted Moves are taken between the card draw and the discard at this table", "SEC-06");
  }
  return { ...t, grantedMoves: t.grantedMoves + 1 };
}

export function discard(t: SectionsTurnBudget): SectionsTurnBudget | Refusal {
  if (t.step === "draw") return refuse("MustDrawFirst", "draw a card before discarding", "SEC-05");
  if (t.step === "discarded") return refuse("AlreadyDiscarded", "the card for this turn has already been discarded", "SEC-05");
  return { ...t, step: "discarded" };
}

function phaseOver(phase: SectionsPhase): Refusal {
  return refuse("PhaseOver", `the ${phase} Phase of this turn is already spent or past`, undefined, { phase });
}
