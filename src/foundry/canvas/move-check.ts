import type { RulesetId } from "../../core/rulesets.js";
import { refuse, type Refusal } from "../../core/shared/outcome.js";
import { applyGridMove, queryGridMove } from "../../core/space/grid/grid-movement.js";
import { sameCell, type GridCell } from "../../core/space/grid/grid-cell.js";
import { gridOptions } from "../../core/space/grid/grid-options.js";
import type { GridPiece, GridState } from "../../core/space/grid/grid-state.js";
import { applyMove, queryMove, type SectionMoveQuery } from "../../core/space/sections/movement-query.js";
import { sectionsOptions } from "../../core/space/sections/options.js";
import type { SectionsBattle, SectionsEntity } from "../../core/space/sections/types.js";
import { blockedMove, ownBlocksOnMap } from "../../core/space/sections/blocks.js";
import { isRecord } from "../../core/shared/guards.js";
import type { SceneBlock } from "./scene-blocks.js";
import { applyZoneMove, queryZoneMove } from "../../core/space/zones/zone-movement.js";
import { zoneOptions } from "../../core/space/zones/zone-options.js";
import type { ZoneState } from "../../core/space/zones/zone-state.js";
import { gridMoveEffects, sectionMoveEffects, zoneMoveEffects, type MoveEffect } from "../../core/space/move-effects.js";
import { actionFor, gridRulesetFor, type FrayMovementAction } from "./movement-actions.js";
import type { MoveBudget } from "./move-budget.js";
import { moverData, type MoverData, type TokenLike } from "./mover-data.js";
import { collapse, legsOf, offsetsOf, runsOf, samplesOf, wallInTheWay, type MoveWaypoint, type Run } from "./move-path.js";
import { cellOf } from "./rasterise-scene.js";
import type { SceneLike } from "./scene-ports.js";
import type { SceneSpace } from "./scene-space.js";
import { centreOf, placeOfToken, regionAt, type PlaceSpace } from "./token-place.js";

// The GM's review of a Block (SEC-42) rides in this chunk: it needs the same space core, which then stays in one file.
export { reviewBlock } from "./block-review.js";

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
  /** SEC-06: the Move number a card grants for special movement; none until the turn engine hands grants out. */
  readonly grantedMove?: number;
  /** In a fight, what the turn engine has already spent of the mover's movement this turn; none outside one. */
  readonly budget?: MoveBudget;
  /** SEC-42: the Blocks up on the scene, from the started fights' turn orders (scene-blocks.ts); none outside a fight. */
  readonly blocks?: readonly SceneBlock[];
}

/**
 * The core's answer to a whole move: its cost in the model's unit and what it causes (falls, descent rolls, free hits,
 * opportunity attacks: move-effects.ts), or the refusal of its first illegal part.
 */
export type MoveVerdict =
  { readonly ok: true; readonly cost: number; readonly events: number; readonly effects: readonly MoveEffect[] } | Refusal;

const OK_FREE: MoveVerdict = { ok: true, cost: 0, events: 0, effects: [] };

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
      return refuse("UnknownMovementAction", `no movement action ${JSON.stringify(w.action)} in this rule set`, undefined, {
        action: w.action,
      });
    actions.set(w.action, action);
  }
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

type GridSpace = Extract<SceneSpace, { model: "grid" }>;

/** The scene's tokens with the mover where the check starts it (the GM's audit starts it where the move began). */
function tokensOf(input: MoveCheckInput): TokenLike[] {
  return [input.token, ...input.scene.tokens.contents.filter((t) => t.id !== input.token.id)];
}

function gridPieces(input: MoveCheckInput, space: GridSpace, mover: MoverData): GridPiece[] {
  const { scene, ruleset } = input;
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
      spent: t.id === mover.id ? (input.budget?.squaresMoved ?? 0) : 0,
      ...(data.slowed ? { slowed: data.slowed } : {}),
      ...(data.prone ? { prone: true } : {}),
      // ESC-43: a unit that disengaged this round leaves melee zones without provoking free hits.
      ...(t.id === mover.id && input.budget?.disengaged ? { disengaged: true } : {}),
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
  let cost = 0;
  let events = 0;
  const effects: MoveEffect[] = [];
  for (const run of runs) {
    const action = actions.get(run.action)!;
    const cells = offsetsOf(run, input.scene.grid, action.teleport === true).map((o): GridCell => ({
      x: o.j - space.frame.j0,
      y: o.i - space.frame.i0,
    }));
    const path = collapse(cells, sameCell);
    const query = { mover: mover.id, mode: action.mode, path };
    const answer = queryGridMove(state, query, { options });
    if (!answer.ok) return answer;
    if (!sameCell(answer.end, path[path.length - 1]!)) return stopsShort(`${answer.end.x},${answer.end.y}`);
    const next = applyGridMove(state, query, { options });
    if (!next.ok) return next;
    state = next.state;
    cost += answer.cost;
    events += answer.events.length;
    effects.push(...gridMoveEffects(answer.events, options));
  }
  return { ok: true, cost, events, effects };
}

/** The core says the move ends before the place it was dragged to (a climb begun, a Block, a fall): it is not made as dragged. */
function stopsShort(place: string): Refusal {
  return refuse("MoveStopsShort", `the move would end at ${place}, before where it was dragged`, undefined, { place });
}

/** The sections or zones a run passes, in order; null where it leaves every one of them. */
function placesOf(input: MoveCheckInput, space: PlaceSpace, run: Run, teleport: boolean): (string | null)[] {
  const owners = space.model === "sections" ? space.cellSection : space.cellZone;
  if (!owners || !space.frame) return samplesOf(run, input.scene.grid.size, teleport).map((p) => regionAt(input.scene, space, p));
  const frame = space.frame;
  return offsetsOf(run, input.scene.grid, teleport).map((o) => owners[cellOf(frame, o)] ?? null);
}

/** SEC-01..SEC-13, SEC-69 and FAC-06, FAC-23: each run as one Move between sections, or one move between zones. */
function checkPlaces(
  input: MoveCheckInput,
  space: PlaceSpace,
  runs: readonly Run[],
  actions: ReadonlyMap<string, FrayMovementAction>,
  mover: MoverData,
): MoveVerdict {
  const placed = tokensOf(input)
    .filter((t) => t.id && (t.actor || t.id === mover.id))
    .map((t) => ({ t, at: placeOfToken(input.scene, space, t), data: t.id === mover.id ? mover : moverData(t, input.ruleset) }))
    .filter((e): e is typeof e & { at: string } => e.at !== null);
  let world =
    space.model === "sections"
      ? sectionsBattle(space, placed, input.blocks ?? [])
      : zoneState(space, placed, mover.id, input.budget?.zonesMoved ?? 0);
  let cost = 0;
  let events = 0;
  const effects: MoveEffect[] = [];
  for (const run of runs) {
    const action = actions.get(run.action)!;
    const places = collapse(placesOf(input, space, run, action.teleport === true), (a, b) => a === b);
    if (places.includes(null)) return refuse("OutsideSections", "the move leaves every section or zone of the scene");
    const path = places as string[];
    // Moving about inside one's own section or zone crosses no border: it is no Move (SEC-03) and costs no zone.
    if (path.length === 1 && isAt(world, mover.id, path[0]!)) continue;
    const step =
      space.model === "sections"
        ? sectionsStep(space, world as SectionsBattle, mover, action, path, input.grantedMove)
        : zonesStep(world as ZoneState, mover, action, path);
    if (!step.ok) return step.key === "FRAY.Refusal.MoveBlocked" ? blockerNamed(step, placed) : step;
    world = step.world;
    cost += step.cost;
    events += step.events;
    effects.push(...step.effects);
  }
  return { ok: true, cost, events, effects };
}

function isAt(world: SectionsBattle | ZoneState, id: string, place: string): boolean {
  if ("entities" in world) return Object.hasOwn(world.entities, id) && world.entities[id]!.section === place;
  const c = world.characters.find((x) => x.id === id);
  return c !== undefined && "zone" in c.at && c.at.zone === place;
}

type Placed = { readonly t: TokenLike; readonly at: string; readonly data: MoverData };
type Step<W> = { ok: true; world: W; cost: number; events: number; effects: MoveEffect[] } | Refusal;

function sectionsBattle(
  space: Extract<PlaceSpace, { model: "sections" }>,
  placed: readonly Placed[],
  blocks: readonly SceneBlock[],
): SectionsBattle {
  const entities: Record<string, SectionsEntity> = {};
  for (const { t, at, data } of placed)
    entities[t.id!] = {
      id: t.id!,
      side: data.side,
      section: at,
      innateMove: data.innateMove,
      // SEC-45: a Block stops only enemies its blocker can see, by the section's lighting and the blocker's senses.
      ...(isRecord(t.actor?.system) && isRecord(t.actor.system.senses) ? { senses: t.actor.system.senses } : {}),
      ...(data.aquatic ? { aquatic: true } : {}),
      ...(data.immobilized ? { immobilized: true } : {}),
      ...(data.defenseless ? { defenseless: true } : {}),
    };
  return { map: space.graph.map, entities, blocks: ownBlocksOnMap(space.graph, blocks) };
}

/** The refusal of a Blocked move names its blocker by token, as the user sees it. */
function blockerNamed(refusal: Refusal, placed: readonly Placed[]): Refusal {
  const id = refusal.data?.blocker;
  const name = placed.find((p) => p.t.id === id)?.t.name;
  return name ? { ...refusal, data: { ...refusal.data, blocker: name } } : refusal;
}

function sectionsStep(
  space: Extract<PlaceSpace, { model: "sections" }>,
  battle: SectionsBattle,
  mover: MoverData,
  action: FrayMovementAction,
  path: string[],
  granted: number | undefined,
): Step<SectionsBattle> {
  // SEC-04/SEC-06: walking, climbing and swimming use the innate Move; special movement needs a Move a card grants.
  const special = action.mode === "phase" || action.mode === "fly" || action.mode === "teleport";
  const query: SectionMoveQuery = {
    mover: mover.id,
    mode: action.mode,
    path,
    ...(special && granted !== undefined ? { n: granted, grant: "granted" as const } : {}),
  };
  const options = sectionsOptions();
  const answer = queryMove(space.graph, battle, query, options);
  if (!answer.ok) return answer;
  if (answer.end !== path[path.length - 1]) return blockedMove(answer.events) ?? stopsShort(answer.end);
  const next = applyMove(space.graph, battle, query, options);
  return next.ok
    ? { ok: true, world: next.state, cost: answer.cost, events: answer.events.length, effects: sectionMoveEffects(answer.events) }
    : next;
}

/** FAC-07: the mover's zones moved so far this turn count against its one zone. */
function zoneState(
  space: Extract<PlaceSpace, { model: "zones" }>,
  placed: readonly Placed[],
  moverId: string,
  moverMoved: number,
): ZoneState {
  return {
    map: space.map,
    characters: placed.map(({ t, at, data }) => ({
      id: t.id!,
      faction: data.side,
      at: { zone: at },
      moved: t.id === moverId ? moverMoved : 0,
    })),
  };
}

function zonesStep(state: ZoneState, mover: MoverData, action: FrayMovementAction, path: string[]): Step<ZoneState> {
  const query = { mover: mover.id, mode: action.mode, path: path.map((zone) => ({ zone })) };
  const options = zoneOptions();
  const answer = queryZoneMove(state, query, options);
  if (!answer.ok) return answer;
  const next = applyZoneMove(state, query, options);
  return next.ok
    ? { ok: true, world: next.state, cost: answer.cost, events: answer.events.length, effects: zoneMoveEffects(answer.events) }
    : next;
}
