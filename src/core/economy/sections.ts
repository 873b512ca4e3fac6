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

/** SEC-06 ruling: when a granted Move may be taken; the choices a table may pick. */
export const GRANTED_MOVE_WINDOWS = ["anytime", "drawToDiscard"] as const;
export type GrantedMoveWindow = (typeof GRANTED_MOVE_WINDOWS)[number];

/** SEC-06, SEC-07: what a card's Move is: a Move, or special movement keeping the Move's number. */
export const GRANT_KINDS = ["move", "phase", "fly", "teleport"] as const;
export type GrantKind = (typeof GRANT_KINDS)[number];

/**
 * A Move a card played this turn grants (SEC-06): the card's id, its kind, its number and the Height it carries
 * (SEC-12).
 */
export interface MoveGrant {
  readonly source: string;
  readonly kind: GrantKind;
  readonly n: number;
  readonly height: number;
  /** The entity the card grants the Move to, when it is not the card's player (SEC-06: "or by any other entity"). */
  readonly to?: string;
}

/** The largest Move number or Height a card may carry: far beyond any map, small enough to keep junk out. */
const MAX_GRANT = 99;

export interface SectionsTurnBudget {
  readonly step: SectionsStep;
  /** SEC-05: the innate Move has been taken this turn. */
  readonly innateMoveUsed: boolean;
  /** SEC-06: granted Moves taken this turn; they never touch the innate one. */
  readonly grantedMoves: number;
  /** What each Phase was spent on, or null when it was not (or not yet) spent. */
  readonly strategy: StrategySpend | null;
  readonly action: ActionSpend | null;
  /**
   * SEC-06: the Moves granted by cards played this turn, not yet taken; absent until a card grants one. They lapse with
   * the turn.
   */
  readonly grants?: readonly MoveGrant[];
}

export const FRESH_TURN: SectionsTurnBudget = {
  step: "draw",
  innateMoveUsed: false,
  grantedMoves: 0,
  strategy: null,
  action: null,
};

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
    (t.action === null || isSpend("action", t.action)) &&
    (t.grants === undefined || (Array.isArray(t.grants) && t.grants.every((g) => !("ok" in readGrant(g)))))
  );
}

/**
 * A grant as a command carries it (untrusted): its own fields checked (a card's id, a kind, whole numbers), or a typed
 * refusal.
 */
export function readGrant(x: unknown): MoveGrant | Refusal {
  const g = (typeof x === "object" && x !== null ? x : {}) as Record<string, unknown>;
  const { source, kind, n, height, to } = g;
  const whole = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= MAX_GRANT;
  if (
    typeof source !== "string" ||
    !source ||
    source.length > 64 ||
    !GRANT_KINDS.includes(kind as GrantKind) ||
    !whole(n) ||
    !whole(height) ||
    (to !== undefined && (typeof to !== "string" || !to || to.length > 64))
  )
    return refuse("BadGrant", "a card's Move grant needs its card, a kind, a number and a Height", "SEC-06");
  return { source, kind: kind as GrantKind, n, height, ...(to !== undefined ? { to: to } : {}) };
}

/** The card has been drawn and not yet discarded: the window of SEC-05. */
export function inMoveWindow(t: SectionsTurnBudget): boolean {
  return t.step !== "draw" && t.step !== "discarded";
}

/**
 * The budget at a new step with its Phases spent as given: one literal in FRESH_TURN's field order (a spread copy
 * cost several times more on the simulator's every turn), the pending grants kept when there are any.
 */
function stepped(
  t: SectionsTurnBudget,
  step: SectionsStep,
  strategy: StrategySpend | null,
  action: ActionSpend | null,
): SectionsTurnBudget {
  const n: { -readonly [K in keyof SectionsTurnBudget]: SectionsTurnBudget[K] } = {
    step,
    innateMoveUsed: t.innateMoveUsed,
    grantedMoves: t.grantedMoves,
    strategy,
    action,
  };
  if (t.grants !== undefined) n.grants = t.grants;
  return n;
}

export function draw(t: SectionsTurnBudget): SectionsTurnBudget | Refusal {
  if (t.step !== "draw") return refuse("AlreadyDrawn", "the card for this turn has already been drawn", "SEC-05");
  return stepped(t, "strategy", t.strategy, t.action);
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
    return stepped(t, "action", action as StrategySpend, t.action);
  }
  if (t.step !== "strategy" && t.step !== "action") return phaseOver("action");
  return stepped(t, "discard", t.strategy, action as ActionSpend);
}

/** SEC-04/SEC-05: one innate Move per turn, after the draw and before the discard, spending no Phase. */
export function innateMove(t: SectionsTurnBudget): SectionsTurnBudget | Refusal {
  if (t.step === "draw") return refuse("MoveBeforeDraw", "the innate Move comes after the turn's card draw", "SEC-05");
  if (t.step === "discarded")
    return refuse("MoveAfterDiscard", "the innate Move must be taken before the turn's discard", "SEC-05");
  if (t.innateMoveUsed) return refuse("InnateMoveUsed", "the innate Move can be used only once per turn", "SEC-05");
  return { ...t, innateMoveUsed: true };
}

/** SEC-06: a card played this turn grants a Move, pending until it is taken or the turn ends. */
export function addGrant(t: SectionsTurnBudget, grant: MoveGrant): SectionsTurnBudget {
  return { ...t, grants: [...(t.grants ?? []), grant] };
}

/**
 * SEC-06: a granted Move is on top of the innate one and takes the pending grant it names, of the kind it is made
 * as (a Fly takes a Fly, SEC-07); the window is an option (see the rulings).
 */
export function grantedMove(
  t: SectionsTurnBudget,
  allowed: GrantedMoveWindow,
  source: unknown,
  kind: unknown,
  /** Who makes the Move, and who played this turn's cards: a grant with no `to` is its player's. */
  mover?: string,
  player?: string,
): SectionsTurnBudget | Refusal {
  if (allowed === "drawToDiscard" && !inMoveWindow(t)) {
    return refuse(
      "GrantedMoveOutsideWindow",
      "granted Moves are taken between the card draw and the discard at this table",
      "SEC-06",
    );
  }
  const pending = t.grants ?? [];
  const i = pending.findIndex((g) => g.source === source && g.kind === kind && isGrantFor(g, player, mover));
  if (i < 0) return noPendingGrant(kind);
  return { ...t, grantedMoves: t.grantedMoves + 1, grants: [...pending.slice(0, i), ...pending.slice(i + 1)] };
}

/**
 * SEC-06: whether `mover` may take a grant of a card played in `player`'s turn: a grant naming no recipient is its
 * player's, one naming an entity is that entity's.
 */
export const isGrantFor = (g: MoveGrant, player: string | null | undefined, mover: string | undefined): boolean =>
  (g.to ?? player) === mover;

/** SEC-06: no card played this turn grants a Move of this kind (or not the card named). */
export function noPendingGrant(kind: unknown): Refusal {
  const k = typeof kind === "string" ? kind : "move";
  return refuse("NoPendingGrant", `no card played this turn grants a ${k} still to take`, "SEC-06", { kind: k });
}

export function discard(t: SectionsTurnBudget): SectionsTurnBudget | Refusal {
  if (t.step === "draw") return refuse("MustDrawFirst", "draw a card before discarding", "SEC-05");
  if (t.step === "discarded")
    return refuse("AlreadyDiscarded", "the card for this turn has already been discarded", "SEC-05");
  return { ...t, step: "discarded" };
}

function phaseOver(phase: SectionsPhase): Refusal {
  return refuse("PhaseOver", `the ${phase} Phase of this turn is already spent or past`, undefined, { phase });
}
