import type { RulesetId } from "../../../core/rulesets.js";
import { refuse, type Refusal } from "../../../core/shared/outcome.js";
import { applyGridMove, queryGridMove } from "../../../core/space/grid/grid-movement.js";
import { sameCell, type GridCell } from "../../../core/space/grid/grid-cell.js";
import { gridOptions } from "../../../core/space/grid/grid-options.js";
import type { GridPiece, GridState } from "../../../core/space/grid/grid-state.js";
import type { SectionsBattle } from "../../../core/space/sections/types.js";
import type { Roller } from "../../../core/shared/roller.js";
import { dealing, withDealtDice, type DrawDie } from "../../../core/shared/dealing.js";
import { budgetOfToken, type SceneFight } from "../fight/scene-fight.js";
import type { ClimbAfterMove } from "../../../core/turn-order/sections/types.js";
import type { ZoneState } from "../../../core/space/zones/zone-state.js";
import { gridMoveEffects, type MoveEffect } from "../../../core/space/move-effects.js";
import type { MoveGrant } from "../../../core/economy/sections.js";
import { actionFor, gridRulesetFor, type FrayMovementAction } from "../actions/movement-actions.js";
import { unownedMovement } from "../actions/movement-given.js";
import { without } from "../actions/move-grants.js";
import type { MoveBudget } from "../fight/move-budget.js";
import { moverData, type MoverData, type TokenLike } from "./mover-data.js";
import { legsOf, runsOf, wallInTheWay, type MoveWaypoint, type Run } from "./move-path.js";
import { collapseWithEnds, cutWaypoints, pointsOf, type RunPoint } from "./move-cut.js";
import { cellOf } from "../space/rasterise-scene.js";
import type { SceneLike } from "../space/scene-ports.js";
import type { SceneSpace } from "../space/scene-space.js";
import { centreOf, regionAt, type PlaceSpace } from "./token-place.js";

import { placedOf, tokensOf } from "./move-pieces.js";
import { blockerNamed, sectionsBattle, sectionsStep, stopsShort } from "./move-check-sections.js";
import { zoneState, zonesStep } from "./move-check-zones.js";
import type { Placed } from "./move-pieces.js";

/** A scene with its tokens: who stands where, for enemies' squares (STR-21) and the sections' entities. */
export interface MoveSceneLike extends SceneLike {
  readonly tokens: { readonly contents: readonly TokenLike[] };
}

export interface MoveCheckInput {
  readonly space: SceneSpace;
  readonly scene: MoveSceneLike;
  /** The moving token as this client's own document has it: where it stands now, not where a client says. */
  readonly token: TokenLike;
  readonly waypoints: readonly MoveWaypoint[];
  readonly ruleset: RulesetId;
  /**
   * The fight on the scene (scene-fight.ts): in a begun one, what the mover's turn has spent, with its innate Move and
   * the Moves pending from cards played (SEC-05, SEC-06), which a run takes (move-grants.ts); the Blocks (SEC-42) and
   * climbs (SEC-16) up on the scene. Outside a fight: nobody in it.
   */
  readonly fight: SceneFight;
  /**
   * The active GM's dice: with them, a descent is rolled before the move lands (STR-26) and may cut it short (STR-28).
   */
  readonly roller?: Roller;
  /** FAC-23: the enemies whose opportunity attack interrupted the move this one resumes (none: it resumes nothing). */
  readonly provoked: readonly string[];
  /**
   * The mover's own check or the ruler's: a climb is allowed without its checks, which the GM rolls. Without it and
   * without the GM's dice (the audit of a move that never asked) a climb is refused: nobody rolled it.
   */
  readonly preview?: boolean;
}

/**
 * Where the core stops a move before the place it was dragged to: STR-28 a dazing landing, STR-19 the Speed a failed
 * landing left running out, FAC-23 an opportunity attack interrupting it, SEC-16 a climber holding on below the top
 * of a Height. The token moves through `waypoints` only
 * (none: it does not move at all).
 */
export interface MoveStop {
  readonly clause: "STR-28" | "STR-19" | "FAC-23" | "SEC-16";
  readonly waypoints: readonly MoveWaypoint[];
}

/**
 * The core's answer to a whole move: its cost in the model's unit and what it causes (falls, descent rolls, free hits,
 * opportunity attacks: move-effects.ts), or the refusal of its first illegal part.
 */
export type MoveVerdict =
  | {
      readonly ok: true;
      readonly cost: number;
      /** What the turn's budget is charged: the cost, or the whole Speed left after a dazing landing (STR-28). */
      readonly charge: number;
      readonly events: number;
      readonly effects: readonly MoveEffect[];
      readonly stop?: MoveStop;
      /** Sections: the card's pending grant the move takes (SEC-06), if it takes one rather than the innate Move. */
      readonly grant?: MoveGrant;
      /** Sections: the number of the card's Move it takes (a Fly 2: 2), for the ruler's "left". */
      readonly allowance?: number;
      /** SEC-15/SEC-16: the mover's climb once the move is made, when the move started, moved on or ended one. */
      readonly climb?: ClimbAfterMove;
    }
  | Refusal;

const OK_FREE: MoveVerdict = { ok: true, cost: 0, charge: 0, events: 0, effects: [] };

/**
 * Checks a token's move against the scene's compiled space with the core: the walls on the way, then each run of
 * one action as one MoveQuery, chained through the core's apply (so two runs share one budget, one innate Move).
 * Pure given its inputs: the mover's client and the GM run the same function, each on its own documents.
 */
export function checkMove(input: MoveCheckInput): MoveVerdict {
  const { space, scene, token, ruleset } = input;
  if (space.model === "none") return OK_FREE;
  if (space.model === "broken") return space.refusal;
  const actions = new Map<string, FrayMovementAction>();
  for (const w of input.waypoints) {
    const action = actionFor(ruleset, w.action);
    if (!action)
      return refuse(
        "UnknownMovementAction",
        `no movement action ${JSON.stringify(w.action)} in this rule set`,
        undefined,
        {
          action: w.action,
        },
      );
    actions.set(w.action, action);
  }
  // STR-22, SEC-07: a way of moving that comes from an ability or a card needs one (movement-sources.ts).
  const budget = spentOf(input);
  const pending = budget ? (budget.grants ?? []) : undefined;
  const unowned = unownedMovement(
    ruleset,
    token.actor,
    [...actions.values()].map((a) => a.mode),
    pending,
  );
  if (unowned) return unowned;
  const centre = centreOf(token, scene.grid.size);
  const legs = legsOf(centre(token), input.waypoints, centre);
  if (legs.length === 0) return OK_FREE;
  const walled = wallInTheWay(legs, space.walls, (a) => actions.get(a)?.ignoresWalls === true);
  if (walled) return walled;
  const runs = runsOf(legs);
  const mover = moverData(token, ruleset);
  if (space.model === "grid") return checkGrid(input, space, runs, actions, mover);
  return checkPlaces(input, space, runs, actions, mover);
}

/** The check with dice rolled outside the core, one at a time as it asks for them (a descent's contest, STR-26). */
export async function checkMoveDealt(input: MoveCheckInput, draw: DrawDie): Promise<MoveVerdict> {
  const dealt = await dealing((dice) => withDealtDice(dice, (roller) => checkMove({ ...input, roller })), draw);
  return dealt.outcome.ok ? dealt.outcome.state : dealt.outcome;
}

/** In a begun fight, what the mover's turn has spent; undefined outside one. */
function spentOf(input: MoveCheckInput): MoveBudget | undefined {
  return budgetOfToken(input.fight, input.token.id);
}

type GridSpace = Extract<SceneSpace, { model: "grid" }>;

function gridPieces(input: MoveCheckInput, space: GridSpace, mover: MoverData): GridPiece[] {
  const { scene, ruleset } = input;
  const budget = spentOf(input);
  const centre = (t: TokenLike) => centreOf(t, scene.grid.size)(t);
  const pieces: GridPiece[] = [];
  for (const t of tokensOf(input)) {
    if (!t.id || (!t.actor && t.id !== mover.id)) continue;
    const o = scene.grid.getOffset(centre(t));
    if (cellOf(space.frame, o) < 0) continue;
    const data = t.id === mover.id ? mover : moverData(t, ruleset);
    const cell = { x: o.j - space.frame.j0, y: o.i - space.frame.i0 };
    pieces.push({
      id: t.id,
      side: data.side,
      cell,
      speed: data.speed,
      // STR-19: the squares already moved this turn count against the Speed.
      spent: t.id === mover.id ? (budget?.squaresMoved ?? 0) : 0,
      ...(data.slowed ? { slowed: data.slowed } : {}),
      ...(data.prone ? { prone: true } : {}),
      // ESC-60: a unit with Reach gains free hits across its wider melee zone (ESC-39).
      ...(data.reach ? { reach: true } : {}),
      ...(data.athlete ? { athlete: true } : {}),
      ...(data.maneuverer ? { maneuverer: true } : {}),
      // ESC-43: a unit that disengaged this round leaves melee zones without provoking free hits.
      ...(t.id === mover.id && budget?.disengaged ? { disengaged: true } : {}),
    });
  }
  return pieces;
}

/** STR-14..STR-29, ESC-12, ESC-39, TEAM-45: each run of squares as one walk (or Teleport) of the core's grid. */
function checkGrid(
  input: MoveCheckInput,
  space: GridSpace,
  runs: readonly Run[],
  actions: ReadonlyMap<string, FrayMovementAction>,
  mover: MoverData,
): MoveVerdict {
  const options = gridOptions(gridRulesetFor(input.ruleset));
  let state: GridState = { map: space.map, pieces: gridPieces(input, space, mover) };
  const spent = (s: GridState) => s.pieces.find((p) => p.id === mover.id)?.spent ?? 0;
  const before = spent(state);
  let cost = 0;
  let events = 0;
  const effects: MoveEffect[] = [];
  for (const run of runs) {
    const action = actions.get(run.action)!;
    const points = pointsOf(run, input.scene.grid, action.teleport === true);
    const cells = points.map(({ offset: o }): GridCell => ({ x: o!.j - space.frame.j0, y: o!.i - space.frame.i0 }));
    const { items: path, ends } = collapseWithEnds(cells, sameCell);
    const query = { mover: mover.id, mode: action.mode, path };
    const answer = queryGridMove(state, query, { options, ...(input.roller ? { roller: input.roller } : {}) });
    if (!answer.ok) return answer;
    const stopped = answer.events.find((e) => e.type === "stopped");
    if (!sameCell(answer.end, path[path.length - 1]!) && !stopped) return stopsShort(`${answer.end.x},${answer.end.y}`);
    // The descents rolled by the query are the move's: applying it must not roll them again.
    const descentResults = answer.events.flatMap((e) => (e.type === "descent-roll" ? [e.result] : []));
    const next = applyGridMove(state, query, { options, descentResults });
    if (!next.ok) return next;
    state = next.state;
    cost += answer.cost;
    events += answer.events.length;
    effects.push(...gridMoveEffects(answer.events, options));
    // STR-28/STR-19: a failed landing stops the move here; the rest of the path is not walked.
    if (stopped) {
      const stop = cutAt(input, run, points[ends[answer.reached]!]!, stopped.clause);
      return { ok: true, cost, charge: spent(state) - before, events, effects, stop };
    }
  }
  return { ok: true, cost, charge: spent(state) - before, events, effects };
}

/** The stop of a move cut at a point of one of its runs. */
function cutAt(input: MoveCheckInput, run: Run, point: RunPoint, clause: MoveStop["clause"]): MoveStop {
  const size = input.scene.grid.size;
  const half = { x: ((input.token.width ?? 1) * size) / 2, y: ((input.token.height ?? 1) * size) / 2 };
  return { clause, waypoints: cutWaypoints(input.waypoints, run, point, half, { x: input.token.x, y: input.token.y }) };
}

/** The section or zone at each point a run passes, in order; null where it leaves every one of them. */
function placesOf(input: MoveCheckInput, space: PlaceSpace, points: readonly RunPoint[]): (string | null)[] {
  const owners = space.model === "sections" ? space.cellSection : space.cellZone;
  const frame = space.frame;
  if (!owners || !frame) return points.map((p) => regionAt(input.scene, space, p.centre));
  return points.map((p) => (p.offset ? (owners[cellOf(frame, p.offset)] ?? null) : null));
}

/** SEC-01..SEC-13, SEC-69 and FAC-06, FAC-23: each run as one Move between sections, or one move between zones. */
function checkPlaces(
  input: MoveCheckInput,
  space: PlaceSpace,
  runs: readonly Run[],
  actions: ReadonlyMap<string, FrayMovementAction>,
  mover: MoverData,
): MoveVerdict {
  const placed = placedOf(input, space, mover);
  const budget = spentOf(input);
  const inFight = budget !== undefined;
  let world =
    space.model === "sections"
      ? sectionsBattle(
          space,
          placed,
          mover.id,
          budget?.innateMoveUsed === true,
          input.fight.blocks,
          input.fight.climbs,
          offMap(input, placed),
        )
      : zoneState(space, placed, mover.id, budget?.zonesMoved ?? 0, input.provoked);
  const climbingBefore = climbingOf(world, mover.id);
  let cost = 0;
  let events = 0;
  const effects: MoveEffect[] = [];
  // Sections: the Moves pending from cards (SEC-06), and the Moves this move has taken so far (null: the innate one).
  let pending = budget?.grants ?? [];
  const taken: (MoveGrant | null)[] = [];
  for (const run of runs) {
    const action = actions.get(run.action)!;
    const points = pointsOf(run, input.scene.grid, action.teleport === true);
    const { items: places, ends } = collapseWithEnds(placesOf(input, space, points), (a, b) => a === b);
    if (places.includes(null)) return refuse("OutsideSections", "the move leaves every section or zone of the scene");
    const path = places as string[];
    // Moving about inside one's own section or zone crosses no border: it is no Move (SEC-03) and costs no zone.
    if (path.length === 1 && isAt(world, mover.id, path[0]!)) continue;
    const step =
      space.model === "sections"
        ? sectionsStep(space, world as SectionsBattle, mover, action, path, pending, inFight, climbDice(input))
        : zonesStep(world as ZoneState, mover, action, path);
    if (!step.ok) return namedRefusal(step, tokensOf(input), input.token);
    if (step.move !== undefined) {
      taken.push(step.move);
      if (step.move) pending = without(pending, step.move);
    }
    world = step.world;
    cost += step.cost;
    events += step.events;
    effects.push(...step.effects);
    // FAC-23: the token waits where it stood before the step that moves away, while the attack is resolved.
    if (step.interrupted !== undefined)
      return {
        ok: true,
        cost,
        charge: cost,
        events,
        effects,
        stop: cutAt(input, run, points[ends[step.interrupted - 1]!]!, "FAC-23"),
      };
    // SEC-16: a climber short of the top holds on at the foot of the Height, in the lower section.
    if (step.climbHolds !== undefined) {
      const verdict = placesVerdict(cost, events, effects, taken, inFight);
      const stop = cutAt(input, run, points[ends[step.climbHolds]!]!, "SEC-16");
      return verdict.ok ? { ...verdict, stop, climb: climbingOf(world, mover.id) } : verdict;
    }
  }
  const verdict = placesVerdict(cost, events, effects, taken, inFight);
  const after = climbingOf(world, mover.id);
  return verdict.ok && (climbingBefore !== null || after !== null) ? { ...verdict, climb: after } : verdict;
}

/** SEC-46: the blockers of a Block at a distance whose token stands in no section of the scene, with their side. */
function offMap(input: MoveCheckInput, placed: readonly Placed[]): { id: string; side: string }[] {
  const out: { id: string; side: string }[] = [];
  for (const b of input.fight.blocks) {
    if (!b.atDistance || placed.some((p) => p.t.id === b.blocker) || out.some((o) => o.id === b.blocker)) continue;
    const t = input.scene.tokens.contents.find((x) => x.id === b.blocker);
    if (t?.actor) out.push({ id: b.blocker, side: moverData(t, input.ruleset).side });
  }
  return out;
}

/** The mover's climb in a sections world (null: none, or a zones world), as the turn order keeps it. */
function climbingOf(world: SectionsBattle | ZoneState, id: string): ClimbAfterMove {
  if (!("entities" in world)) return null;
  const c = world.entities[id]?.climbing;
  return c ? { border: c.border, from: c.from, to: c.to, height: c.height, climbed: c.climbed } : null;
}

/**
 * SEC-15: the dice a climb's checks are rolled with: the GM's; the mover's client and the ruler only ask whether the
 * climb may be made ("preview"); a move that never asked cannot have been rolled, so its climb is refused (null).
 */
function climbDice(input: MoveCheckInput): Roller | "preview" | null {
  return input.roller ?? (input.preview ? "preview" : null);
}

/**
 * A refusal as the user reads it: a Blocked move names its blocker's token as seen (wherever it stands: a Block at a
 * distance holds off every section too); a climber without Acrobatics, its token.
 */
function namedRefusal(step: Refusal, tokens: readonly TokenLike[], token: TokenLike): Refusal {
  if (step.key === "FRAY.Refusal.MoveBlocked") return blockerNamed(step, tokens);
  if (step.key === "FRAY.Refusal.NoAcrobaticsDie") return { ...step, data: { ...step.data, name: token.name ?? "" } };
  return step;
}

/**
 * The verdict of a sections or zones move: in a fight a move takes one Move at most, one turn step (SEC-05, SEC-06).
 */
function placesVerdict(
  cost: number,
  events: number,
  effects: MoveEffect[],
  taken: readonly (MoveGrant | null)[],
  inFight: boolean,
): MoveVerdict {
  if (inFight && taken.length > 1)
    return refuse("OneMoveAtATime", "this move takes two Moves: make each one a move of its own", "SEC-06");
  const move = taken[0];
  // The innate Move's number is the ruler's own budget (allowanceOf); a card's is told here.
  if (!move) return { ok: true, cost, charge: cost, events, effects };
  return { ok: true, cost, charge: cost, events, effects, grant: move, allowance: move.n };
}

function isAt(world: SectionsBattle | ZoneState, id: string, place: string): boolean {
  if ("entities" in world) return Object.hasOwn(world.entities, id) && world.entities[id]!.section === place;
  const c = world.characters.find((x) => x.id === id);
  return c !== undefined && "zone" in c.at && c.at.zone === place;
}
