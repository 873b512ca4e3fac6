import type { MoveGrant } from "../../../core/economy/sections.js";
import { isRecord } from "../../../core/shared/guards.js";
import { refuse, type Refusal } from "../../../core/shared/outcome.js";
import { sectionMoveEffects, type MoveEffect } from "../../../core/space/move-effects.js";
import { blockedMove, ownBlocksOnMap } from "../../../core/space/sections/blocks.js";
import { climbWithMove, isClimbMove } from "../../../core/space/sections/climb-move.js";
import {
  applyMove,
  queryMove,
  type SectionMoveAnswer,
  type SectionMoveQuery,
} from "../../../core/space/sections/movement-query.js";
import { sectionsOptions, type SectionsOptions } from "../../../core/space/sections/options.js";
import type { Roller } from "../../../core/shared/roller.js";
import type { SectionsBattle, SectionsEntity } from "../../../core/space/sections/types.js";
import { grantQuery, movesFor } from "../actions/move-grants.js";
import type { FrayMovementAction } from "../actions/movement-actions.js";
import { moverData, type MoverData, type TokenLike } from "./mover-data.js";
import { placedOf, type Placed, type PiecesInput } from "./move-pieces.js";
import { budgetOfToken, type SceneFight } from "../fight/scene-fight.js";
import type { SceneSpace } from "../space/scene-space.js";
import type { SceneBlock } from "../fight/scene-blocks.js";
import { climbingOfToken, type SceneClimb } from "../fight/scene-climbs.js";
import type { PlaceSpace } from "./token-place.js";

// The sections half of the move check (move-check.ts): the battle the core checks, with the fights' Blocks and the
// Moves the turn holds, and one run checked as one Move.

/**
 * The core says the move ends before the place it was dragged to (a climb begun, a Block, a fall): it is not made as
 * dragged.
 */
export function stopsShort(place: string): Refusal {
  return refuse("MoveStopsShort", `the move would end at ${place}, before where it was dragged`, undefined, { place });
}

/**
 * A run's outcome; `move` is the Move a sections run was made with (null: the innate one); `climbHolds` the place in
 * the run's path (the foot of the Height) where a climber that did not reach the top holds on (SEC-16).
 */
export type Step<W> =
  | {
      ok: true;
      world: W;
      cost: number;
      events: number;
      effects: MoveEffect[];
      interrupted?: number;
      move?: MoveGrant | null;
      climbHolds?: number;
    }
  | Refusal;

/** The battle the core checks: every placed entity, the mover with its innate Move spent if the turn has spent it. */
export function sectionsBattle(
  space: Extract<PlaceSpace, { model: "sections" }>,
  placed: readonly Placed[],
  moverId: string,
  innateMoveUsed: boolean,
  blocks: readonly SceneBlock[],
  climbs: readonly SceneClimb[] = [],
  /** SEC-46: blockers of a Block at a distance whose token stands in no section: the Block holds all the same. */
  offMap: readonly { readonly id: string; readonly side: string }[] = [],
): SectionsBattle {
  const entities: Record<string, SectionsEntity> = {};
  for (const b of offMap) entities[b.id] = { id: b.id, side: b.side, section: "" };
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
      ...(t.id === moverId && innateMoveUsed ? { innateMoveUsed: true } : {}),
      ...climbingOfToken(climbs, t.id!),
    };
  return { map: space.graph.map, entities, blocks: ownBlocksOnMap(space.graph, blocks) };
}

/**
 * The refusal of a Blocked move names its blocker by token, as the user sees it; a hidden token is not named (nor its
 * id given): the mover learns that a Block stops it, not who stands there unseen.
 */
export function blockerNamed(refusal: Refusal, tokens: readonly TokenLike[]): Refusal {
  const id = refusal.data?.blocker;
  const token = tokens.find((t) => t.id === id);
  if (!token || token.hidden === true) {
    const { blocker: _hidden, ...data } = refusal.data ?? {};
    return { ...refusal, key: "FRAY.Refusal.MoveBlockedUnseen", data };
  }
  return token.name ? { ...refusal, data: { ...refusal.data, blocker: token.name } } : refusal;
}

/**
 * SEC-03..SEC-13: one run as one Move, with the first of the Moves it may take that the core allows (move-grants.ts).
 */
export function sectionsStep(
  space: Extract<PlaceSpace, { model: "sections" }>,
  battle: SectionsBattle,
  mover: MoverData,
  action: FrayMovementAction,
  path: string[],
  pending: readonly MoveGrant[],
  inFight: boolean,
  /**
   * The GM's dice for a climb's checks; "preview" for the mover's own check and the ruler; null: a climb is refused.
   */
  roller: Roller | "preview" | null = "preview",
): Step<SectionsBattle> {
  const moves = movesFor(action.mode, pending, inFight);
  if ("ok" in moves) return moves;
  const options = sectionsOptions();
  let refused: Refusal | null = null;
  for (const move of moves) {
    const query: SectionMoveQuery = { mover: mover.id, mode: action.mode, path, ...grantQuery(move) };
    const answer = queryMove(space.graph, battle, query, options);
    if (!answer.ok) {
      refused = answer;
      continue;
    }
    if (isClimbMove(answer)) {
      const climbed = climbStep(space, battle, mover, query, answer, options, roller);
      if (!climbed.ok) {
        refused = climbed;
        continue;
      }
      return { ...climbed, move };
    }
    if (answer.end !== path[path.length - 1]) {
      refused = blockedMove(answer.events) ?? stopsShort(answer.end);
      continue;
    }
    const next = applyMove(space.graph, battle, query, options);
    if (!next.ok) return next;
    return {
      ok: true,
      world: next.state,
      cost: answer.cost,
      events: answer.events.length,
      effects: sectionMoveEffects(answer.events),
      move,
    };
  }
  return refused!;
}

/**
 * SEC-15/SEC-16: a run that climbs. With the GM's dice the Move's Acrobatics checks are made now (the entity's
 * Acrobatics die against the DM's, SEC-22) and the climber either reaches the top, where it was dragged, or holds on
 * at the foot of the Height; without them (the mover's own check, the ruler) the climb is only allowed. It takes a Move
 * even from the foot (cost 1 at least). An entity whose sheet gives no Acrobatics die cannot climb.
 */
function climbStep(
  space: Extract<PlaceSpace, { model: "sections" }>,
  battle: SectionsBattle,
  mover: MoverData,
  query: SectionMoveQuery,
  answer: Extract<SectionMoveAnswer, { ok: true }>,
  options: SectionsOptions,
  roller: Roller | "preview" | null,
): Step<SectionsBattle> {
  if (roller === null) return refuse("ClimbNotAsked", "a climb is made through the GM, who rolls its checks", "SEC-15");
  if (mover.acrobatics < 1)
    return refuse("NoAcrobaticsDie", `${mover.id} has no Acrobatics die to climb with`, "SEC-15", { name: "" });
  const path = query.path ?? [];
  const cost = Math.max(1, answer.cost);
  if (roller === "preview") {
    const next = applyMove(space.graph, battle, query, options);
    if (!next.ok) return next;
    return {
      ok: true,
      world: next.state,
      cost,
      events: answer.events.length,
      effects: sectionMoveEffects(answer.events),
    };
  }
  const dice = { entity: { count: 1, sides: mover.acrobatics }, dm: { count: 1, sides: options.climbDmDie } };
  const made = climbWithMove(space.graph, battle, query, dice, roller, options);
  if (!made.ok) return made;
  const top = made.state.entities[mover.id]?.section === path[path.length - 1];
  return {
    ok: true,
    world: made.state,
    cost,
    events: made.events.length,
    effects: sectionMoveEffects(made.events),
    ...(top ? {} : { climbHolds: path.length - 2 }),
  };
}

/** What letting go is checked from: the scene, the climber's token, and the fight (its budget, Blocks and climbs). */
interface LetGoInput extends PiecesInput {
  readonly space: SceneSpace;
  readonly fight: SceneFight;
}

/** The GM's verdict on letting go: a Move taken (charged 1, no border crossed), the climb ended, the fall it causes. */
type LetGoVerdict =
  | {
      readonly ok: true;
      readonly cost: number;
      readonly charge: number;
      readonly events: number;
      readonly effects: readonly MoveEffect[];
      readonly climb: null;
      readonly grant?: MoveGrant;
      readonly allowance?: number;
    }
  | Refusal;

/**
 * SEC-21: a climber lets go, as a Move: the innate one, or a Move a card grants (ruling SEC-21), and falls from the
 * Height it has climbed so far into the section it holds on in (the fall is a card, rolled when it is posted). The
 * token does not move: it stood in the lower section all along (SEC-16). Refused when it climbs nothing.
 */
export function checkLetGo(input: LetGoInput): LetGoVerdict {
  const { space, ruleset } = input;
  if (space.model !== "sections")
    return refuse("NotClimbing", "only a sections map has climbs", "SEC-21", { id: input.token.name ?? "" });
  const mover = moverData(input.token, ruleset);
  const budget = budgetOfToken(input.fight, input.token.id);
  const battle = sectionsBattle(
    space,
    placedOf(input, space, mover),
    mover.id,
    budget?.innateMoveUsed === true,
    input.fight.blocks,
    input.fight.climbs,
  );
  if (!battle.entities[mover.id]?.climbing)
    return refuse("NotClimbing", `${mover.id} is not climbing`, "SEC-21", { id: input.token.name ?? "" });
  const moves = movesFor("walk", budget?.grants ?? [], budget !== undefined);
  if ("ok" in moves) return moves;
  let refused: Refusal | null = null;
  for (const move of moves) {
    const answer = queryMove(
      space.graph,
      battle,
      { mover: mover.id, mode: "fall", ...grantQuery(move) },
      sectionsOptions(),
    );
    if (!answer.ok) {
      refused = answer;
      continue;
    }
    // The Move is taken (charged 1) though no border is crossed; the climb ends.
    const verdict = {
      ok: true as const,
      cost: 0,
      charge: 1,
      events: answer.events.length,
      effects: sectionMoveEffects(answer.events),
      climb: null,
    };
    return move ? { ...verdict, grant: move, allowance: move.n } : verdict;
  }
  return refused!;
}
