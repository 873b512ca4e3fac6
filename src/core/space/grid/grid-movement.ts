import { applied, refuse, type Outcome, type Refusal } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import type { MoveQuery, MoveResult } from "../movement.js";
import {
  descentFailure,
  descentModifier,
  descentSkill,
  rollDescent,
  type DescentResult,
  type DescentRoll,
  type DescentSkill,
} from "./descent-roll.js";
import { alternatingDistance, gridDistance, isDiagonalStep } from "./distance.js";
import { sameCell, type GridCell } from "./grid-cell.js";
import { cellIndex } from "./grid-map.js";
import type { GridOptions } from "./grid-options.js";
import { checkGridQuery, cheapestTo, givenPath } from "./grid-move-query.js";
import { checkGridState, enemiesOf, pieceAt, pieceById, type GridPiece, type GridState } from "./grid-state.js";
import { inMeleeZone } from "./melee-zone.js";
import { movementAllowance } from "./movement-allowance.js";
import { stepPrice } from "./step-cost.js";

export type GridMoveEvent =
  | {
      readonly type: "free-hit";
      readonly clause: "ESC-39";
      readonly by: string;
      readonly against: string;
      /** Index in the path of the step's destination. */
      readonly at: number;
      readonly why: "left-melee-zone" | "moved-within";
    }
  | ({
      readonly type: "descent-roll";
      readonly clause: "STR-26" | "STR-29";
      readonly id: string;
      readonly at: number;
      readonly levels: number;
      /**
       * STR-28: the Speed before the roll and the movement spent this turn on landing (the roll may wait for the
       * table).
       */
      readonly speed: number;
      readonly spent: number;
      readonly modifier: number;
    } & DescentRoll)
  | { readonly type: "slowed"; readonly clause: "STR-27"; readonly id: string; readonly at: number }
  | { readonly type: "dazed"; readonly clause: "STR-28"; readonly id: string; readonly at: number }
  | { readonly type: "stopped"; readonly clause: "STR-28" | "STR-19"; readonly id: string; readonly at: number };

export interface GridMoveContext {
  readonly options: GridOptions;
  /** Rolls descent contests (STR-26) when no result is given. */
  readonly roller?: Roller;
  /** Descent results rolled by the table, used in order before the Roller. */
  readonly descentResults?: readonly DescentResult[];
  readonly descentSkill?: DescentSkill;
  /** STR-22: the Teleport's range in squares (none: limited by movement only). */
  readonly teleportRange?: number;
  /** STR-22: does this Teleport use movement? Default yes. */
  readonly teleportUsesMovement?: boolean;
}

export interface GridMoveResult extends MoveResult<GridCell, GridMoveEvent> {
  /** Index in `path` of `end`. */
  readonly reached: number;
  /** How many diagonal steps were taken up to `end` (TEAM-45). */
  readonly diagonals: number;
}

export type GridMoveAnswer = GridMoveResult | Refusal;

/**
 * Answers a MoveQuery on the square grid without changing anything: legal or refused (with the clause),
 * the movement it costs, the events it provokes and where the mover ends.
 */
export function queryGridMove(state: GridState, query: MoveQuery<GridCell>, ctx: GridMoveContext): GridMoveAnswer {
  const checked = checkGridQuery(state, query, ctx);
  if ("ok" in checked) return checked;
  const { piece, target, pathGiven } = checked;
  const { options } = ctx;
  const voluntary = query.mode !== "push";
  const allowance = movementAllowance(piece, query.mode, options);
  const budget = voluntary ? Math.max(0, allowance - piece.spent) : Number.POSITIVE_INFINITY;
  const startOdd = options.diagonalCountResets === "each-turn" && (piece.diagonals ?? 0) % 2 === 1;

  // Who stands on the destination: STR-20 allies cannot be an end (or a push) square, STR-21 enemies cannot be entered.
  const there = pieceAt(state, target);
  if (there && there.id !== piece.id) {
    if (there.side !== piece.side)
      return refuse("EnemySquare", "a character cannot move into an enemy's square", "STR-21", { id: there.id });
    return voluntary
      ? refuse("AllySquareEnd", "a character cannot end its movement in an ally's square", "STR-20", { id: there.id })
      : refuse("AllySquarePush", "a character cannot be pushed into an ally's square", "STR-20", { id: there.id });
  }

  if (query.mode === "teleport") return teleport(piece, target, ctx, budget, startOdd);

  const path =
    !pathGiven || query.cheapest
      ? cheapestTo(state, piece, target, { options, budget, voluntary, startOdd })
      : givenPath(state, piece, query.path ?? []);
  if ("ok" in path) return path;
  return walk(state, piece, path, ctx, {
    voluntary,
    allowance,
    budget,
    startOdd,
    freeHits: voluntary && options.ruleset === "escalation",
  });
}

function teleport(
  piece: GridPiece,
  to: GridCell,
  ctx: GridMoveContext,
  budget: number,
  startOdd: boolean,
): GridMoveAnswer {
  // STR-22: nothing in between matters, and leaving/entering costs are ignored: only the distance counts.
  const distance =
    ctx.options.ruleset === "teams" ? alternatingDistance(piece.cell, to, startOdd) : gridDistance(piece.cell, to);
  if (ctx.teleportRange !== undefined && distance > ctx.teleportRange)
    return refuse(
      "TeleportOutOfRange",
      `the Teleport reaches ${ctx.teleportRange}, the square is ${distance} away`,
      "STR-22",
      {
        range: ctx.teleportRange,
        distance,
      },
    );
  const cost = ctx.teleportUsesMovement === false ? 0 : distance;
  if (cost > budget)
    return refuse("OverSpeed", `the move costs ${cost} but only ${budget} movement is left`, "STR-19", {
      cost,
      budget,
    });
  return { ok: true, cost, path: [piece.cell, to], events: [], end: to, reached: 1, diagonals: 0 };
}

interface WalkSetup {
  readonly voluntary: boolean;
  readonly allowance: number;
  readonly budget: number;
  readonly startOdd: boolean;
  readonly freeHits: boolean;
}

function walk(
  state: GridState,
  piece: GridPiece,
  path: readonly GridCell[],
  ctx: GridMoveContext,
  w: WalkSetup,
): GridMoveAnswer {
  const { map } = state;
  const { options } = ctx;
  const alternating = options.ruleset === "teams";

  // First the price of the whole path, so an over-long path is refused before any die is rolled (STR-19).
  const total = priceUpTo(state, path, path.length - 1, w, options).cost;
  if (total > w.budget)
    return refuse("OverSpeed", `the move costs ${total} but only ${w.budget} movement is left`, "STR-19", {
      cost: total,
      budget: w.budget,
    });

  // Then walk it: descent rolls may slow the mover and cut the move short (STR-27, STR-28).
  const events: GridMoveEvent[] = [];
  const watch = meleeWatch(state, piece, w.freeHits);
  const skill = descentSkill(piece, ctx.descentSkill);
  let speed = w.allowance;
  let spent = piece.spent;
  let cost = 0;
  let reached = 0;
  let diagonals = 0;
  let descents = 0;
  let stopped = false;
  let cut = false;
  // The last square reached by a drop: a cut-short move never steps back up past it.
  let landed = 0;
  let odd = w.startOdd;
  for (let i = 1; i < path.length && !stopped; i++) {
    const a = path[i - 1] as GridCell;
    const b = path[i] as GridCell;
    const diagonal = isDiagonalStep(a, b);
    const price = stepPrice(
      map,
      cellIndex(map, a),
      cellIndex(map, b),
      options,
      w.voluntary,
      alternating && diagonal && odd,
    );
    if (w.voluntary && spent + price.cost > speed) {
      cut = true;
      break;
    }
    if (w.voluntary) spent += price.cost;
    cost += price.cost;
    reached = i;
    if (diagonal) {
      diagonals += 1;
      odd = !odd;
    }
    offerFreeHits(watch, piece, a, b, i, options, events);
    if (price.descent >= 2) {
      const fell = descend(piece, { at: i, levels: price.descent, speed, spent }, ctx, w, skill, descents, events);
      descents += 1;
      landed = i;
      speed = fell.speed;
      stopped = fell.stopped;
    }
  }
  if (cut) {
    // STR-20: a move cut short never ends in an ally's square; step back to the last open square already passed.
    const walked = reached;
    reached = lastOpen(state, piece, path, reached, landed);
    if (reached < walked) ({ cost, diagonals } = priceUpTo(state, path, reached, w, options));
    events.push({ type: "stopped", clause: "STR-19", id: piece.id, at: reached });
  }
  const end = path[reached] as GridCell;
  return { ok: true, cost, path, events: events.filter((e) => e.at <= reached), end, reached, diagonals };
}

/** Where a descent is rolled in a walk: the step, the levels dropped, and the mover's Speed and spending then. */
interface Drop {
  readonly at: number;
  readonly levels: number;
  readonly speed: number;
  readonly spent: number;
}

/**
 * STR-26..STR-29: the descent roll of a drop of two levels or more. A failure slows the mover (STR-27), and may daze
 * and stop it (STR-28). Its events go into `events`; the mover's Speed after it, and whether it stopped, come back.
 */
function descend(
  piece: GridPiece,
  drop: Drop,
  ctx: GridMoveContext,
  w: WalkSetup,
  skill: DescentSkill,
  descents: number,
  events: GridMoveEvent[],
): { readonly speed: number; readonly stopped: boolean } {
  const { at, levels, speed, spent } = drop;
  const roll = rollDescent(piece, levels, skill, ctx.descentResults?.[descents], ctx.roller);
  const modifier = descentModifier(piece, skill);
  const clause = w.voluntary ? "STR-26" : "STR-29";
  events.push({ type: "descent-roll", clause, id: piece.id, at, levels, speed, spent, modifier, ...roll });
  if (roll.result !== "failure") return { speed, stopped: false };
  events.push({ type: "slowed", clause: "STR-27", id: piece.id, at });
  const loss = ctx.options.ruleset === "strain" ? ctx.options.slowedSpeedLoss : 0;
  const failed = descentFailure(speed, spent, loss, w.voluntary);
  if (!failed.dazed) return { speed: failed.speed, stopped: false };
  events.push({ type: "dazed", clause: "STR-28", id: piece.id, at });
  events.push({ type: "stopped", clause: "STR-28", id: piece.id, at });
  return { speed: failed.speed, stopped: true };
}

/** STR-20: the last square of a cut-short walk that no one else stands on, never back past the last drop's landing. */
function lastOpen(
  state: GridState,
  piece: GridPiece,
  path: readonly GridCell[],
  reached: number,
  landed: number,
): number {
  let at = reached;
  while (at > landed && pieceAt(state, path[at] as GridCell) && !sameCell(path[at] as GridCell, piece.cell)) at -= 1;
  return at;
}

/** ESC-39: the enemies whose Melee Zones watch the move, the spaces moved within each, and who has already struck. */
interface MeleeWatch {
  readonly enemies: readonly GridPiece[];
  readonly within: number[];
  readonly struck: boolean[];
}

function meleeWatch(state: GridState, piece: GridPiece, freeHits: boolean): MeleeWatch {
  const enemies = freeHits ? enemiesOf(state, piece) : [];
  return { enemies, within: enemies.map(() => 0), struck: enemies.map(() => false) };
}

/** ESC-39: leaving the zone, or a third space moved inside it; one free hit per enemy per move (ruling). */
function offerFreeHits(
  watch: MeleeWatch,
  piece: GridPiece,
  a: GridCell,
  b: GridCell,
  at: number,
  options: GridOptions,
  events: GridMoveEvent[],
): void {
  const { enemies, within, struck } = watch;
  for (let k = 0; k < enemies.length; k++) {
    const e = enemies[k] as GridPiece;
    if (struck[k]) continue;
    const wasIn = inMeleeZone(e, a);
    if (!wasIn) continue;
    const isIn = inMeleeZone(e, b);
    if (!isIn && !piece.disengaged) {
      struck[k] = true;
      events.push({ type: "free-hit", clause: "ESC-39", by: e.id, against: piece.id, at, why: "left-melee-zone" });
    } else if (isIn) {
      within[k] = (within[k] ?? 0) + 1;
      if ((within[k] ?? 0) >= 3 && !(piece.disengaged && options.disengageCoversWithin)) {
        struck[k] = true;
        events.push({ type: "free-hit", clause: "ESC-39", by: e.id, against: piece.id, at, why: "moved-within" });
      }
    }
  }
}

/**
 * Movement and diagonals of the first `upTo` steps of a path (the whole path before walking it, or after a step back).
 */
function priceUpTo(
  state: GridState,
  path: readonly GridCell[],
  upTo: number,
  w: WalkSetup,
  options: GridOptions,
): { cost: number; diagonals: number } {
  const alternating = options.ruleset === "teams";
  let odd = w.startOdd;
  let cost = 0;
  let diagonals = 0;
  for (let i = 1; i <= upTo; i++) {
    const a = path[i - 1] as GridCell;
    const b = path[i] as GridCell;
    const diagonal = isDiagonalStep(a, b);
    cost += stepPrice(
      state.map,
      cellIndex(state.map, a),
      cellIndex(state.map, b),
      options,
      w.voluntary,
      alternating && diagonal && odd,
    ).cost;
    if (diagonal) {
      diagonals += 1;
      odd = !odd;
    }
  }
  return { cost, diagonals };
}

/** Moves the piece as the query answers; a refused move leaves the state untouched. */
export function applyGridMove(
  state: GridState,
  query: MoveQuery<GridCell>,
  ctx: GridMoveContext,
): Outcome<GridState, GridMoveEvent> {
  const answer = queryGridMove(state, query, ctx);
  if (!answer.ok) return answer;
  const piece = pieceById(state, query.mover) as GridPiece;
  const count = (t: GridMoveEvent["type"]): number => answer.events.filter((e) => e.type === t).length;
  const slowed = (piece.slowed ?? 0) + count("slowed");
  const dazed = (piece.dazed ?? 0) + count("dazed");
  const voluntary = query.mode !== "push";
  let spent = voluntary ? piece.spent + answer.cost : piece.spent;
  // STR-28: a dazing fall ends the move phase.
  if (answer.events.some((e) => e.type === "stopped" && e.clause === "STR-28")) spent = Math.max(spent, piece.speed);
  const next: GridPiece = {
    ...piece,
    cell: answer.end,
    spent,
    ...(slowed > 0 ? { slowed } : {}),
    ...(dazed > 0 ? { dazed } : {}),
    ...(ctx.options.ruleset === "teams" ? { diagonals: (piece.diagonals ?? 0) + answer.diagonals } : {}),
  };
  return applied({ ...state, pieces: state.pieces.map((p) => (p.id === piece.id ? next : p)) }, answer.events);
}

/** Starts a fresh move phase for a piece (STR-19): nothing spent, the diagonal count restarted (TEAM-45). */
export function startMovePhase(state: GridState, id: string): Outcome<GridState, never> {
  const bad = checkGridState(state);
  if (bad) return bad;
  const piece = pieceById(state, id);
  if (!piece) return refuse("UnknownMover", `no piece ${id} on the grid`, undefined, { id });
  const next: GridPiece = { ...piece, spent: 0, ...(piece.diagonals !== undefined ? { diagonals: 0 } : {}) };
  return applied({ ...state, pieces: state.pieces.map((p) => (p.id === id ? next : p)) });
}
