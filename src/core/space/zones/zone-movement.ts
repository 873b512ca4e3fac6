import { isList } from "../../shared/guards.js";
import { applied, refuse, type Outcome, type Refusal } from "../../shared/outcome.js";
import type { MoveMode, MoveQuery, MoveResult } from "../movement.js";
import { BinaryHeap } from "../binary-heap.js";
import { isNearby } from "./nearby.js";
import { zoneDistances } from "./zone-map.js";
import type { ZoneOptions } from "./zone-options.js";
import {
  checkPlace,
  placeKey,
  placeLabel,
  placesNextTo,
  samePlace,
  stepCost,
  zonesOf,
  type ZonePlace,
} from "./zone-place.js";
import { characterById, characterIn, checkZoneState, type ZoneCharacter, type ZoneState } from "./zone-state.js";

export type ZoneMoveEvent = {
  readonly type: "opportunity-attack";
  readonly clause: "FAC-23";
  /** The nearby enemy offered the reaction. */
  readonly by: string;
  readonly against: string;
  /** Index in the path of the step that moves away: the move is interrupted there while the attack resolves. */
  readonly at: number;
};

export type ZoneMoveAnswer = MoveResult<ZonePlace, ZoneMoveEvent> | Refusal;

const ZONE_MODES: readonly MoveMode[] = ["walk", "teleport", "climb", "swim", "crawl", "sneak", "push"];

/**
 * Answers a MoveQuery between zones without changing anything. A character moves one zone per turn (FAC-06),
 * split as it likes around its actions (FAC-07); a border is half a zone from either side.
 */
export function queryZoneMove(state: ZoneState, query: MoveQuery<ZonePlace>, options: ZoneOptions): ZoneMoveAnswer {
  const bad = checkZoneState(state);
  if (bad) return bad;
  if (typeof query !== "object" || query === null) return refuse("MalformedMove", "the move query is missing");
  if (typeof options !== "object" || options === null || !(options.zonesPerTurn >= 0))
    return refuse("MalformedMove", "the move needs the zone options", "FAC-06");
  const mover = characterById(state, query.mover);
  if (!mover)
    return refuse("UnknownCharacter", `no character ${String(query.mover)} in the zones`, undefined, {
      id: String(query.mover),
    });
  if (!ZONE_MODES.includes(query.mode))
    return refuse("MoveModeNotInZones", `${String(query.mode)} movement is not used between zones`, "FAC-06", {
      mode: String(query.mode),
    });
  const pathGiven = query.path !== undefined;
  if (pathGiven && (!isList(query.path) || query.path.length === 0))
    return refuse("MalformedMove", "a path is a non-empty list of places", "FAC-06");
  for (const p of query.path ?? []) {
    const wrong = checkPlace(state.map, p);
    if (wrong) return wrong;
  }
  const target = query.to ?? query.path?.[query.path.length - 1];
  if (!target) return refuse("NoDestination", "a move needs a path or a destination");
  const wrong = checkPlace(state.map, target);
  if (wrong) return wrong;
  if (pathGiven && !samePlace(query.path?.[0] as ZonePlace, mover.at))
    return refuse("PathNotFromMover", "a path starts where the character stands", "FAC-06");

  const voluntary = query.mode !== "push";
  const budget = voluntary ? Math.max(0, options.zonesPerTurn - mover.moved) : Number.POSITIVE_INFINITY;

  if (query.mode === "teleport") {
    // Ruling: a Teleport skips what lies between; it costs its zone distance, half a zone per border step, and provokes
    // nothing.
    const cost = placeDistance(state, mover.at, target);
    if (!Number.isFinite(cost)) return refuse("NoZonePath", `no way leads to ${placeLabel(target)}`, "FAC-06");
    if (cost > budget)
      return refuse("ZoneMovementUsed", `the move costs ${cost} zones, ${budget} left this turn`, "FAC-06", {
        cost,
        budget,
      });
    return { ok: true, cost, path: [mover.at, target], events: [], end: target };
  }

  let path: readonly ZonePlace[];
  if (!pathGiven || query.cheapest) {
    const found = cheapestZonePath(state, mover.at, target);
    if (!found) return refuse("NoZonePath", `no way leads to ${placeLabel(target)}`, "FAC-06");
    path = found;
  } else path = query.path;

  let cost = 0;
  for (let i = 1; i < path.length; i++) {
    const c = stepCost(state.map, path[i - 1] as ZonePlace, path[i] as ZonePlace);
    if (c === null) return refuse("NotNeighbours", `step ${i} does not cross one border`, "FAC-06", { step: i });
    cost += c;
  }
  if (cost > budget)
    return refuse("ZoneMovementUsed", `the move costs ${cost} zones, ${budget} left this turn`, "FAC-06", {
      cost,
      budget,
    });
  const events = voluntary ? opportunityAttacks(state, mover, path, options) : [];
  return { ok: true, cost, path, events, end: path[path.length - 1] as ZonePlace };
}

/**
 * FAC-23: each nearby enemy the mover moves away from (no longer nearby after a step) is offered one opportunity
 * attack.
 */
function opportunityAttacks(
  state: ZoneState,
  mover: ZoneCharacter,
  path: readonly ZonePlace[],
  options: ZoneOptions,
): ZoneMoveEvent[] {
  const events: ZoneMoveEvent[] = [];
  const offered: string[] = [];
  for (let i = 1; i < path.length; i++) {
    for (const e of state.characters) {
      if (e.faction === mover.faction || offered.includes(e.id) || mover.provoked?.includes(e.id)) continue;
      const before = isNearby(state.map, path[i - 1] as ZonePlace, e.at, options);
      const after = isNearby(state.map, path[i] as ZonePlace, e.at, options);
      if (before && !after) {
        offered.push(e.id);
        events.push({ type: "opportunity-attack", clause: "FAC-23", by: e.id, against: mover.id, at: i });
      }
    }
  }
  return events;
}

/**
 * FAC-23: "the enemy's movement is interrupted" where it first moves away from a nearby enemy: the move answered as
 * far as the place it leaves from (its cost and end there), with the opportunity attacks of that step, which the
 * enemies resolve before the mover goes on (ruling: it moves again with what its turn has left). A move that provokes
 * nothing is answered whole. `interrupted` is the step moving away (its index in `path`), absent when nothing
 * interrupts.
 */
export function interruptAtOpportunity(
  state: ZoneState,
  answer: MoveResult<ZonePlace, ZoneMoveEvent>,
): MoveResult<ZonePlace, ZoneMoveEvent> & { readonly interrupted?: number } {
  if (answer.events.length === 0) return answer;
  const at = Math.min(...answer.events.map((e) => e.at));
  let cost = 0;
  for (let i = 1; i < at; i++)
    cost += stepCost(state.map, answer.path[i - 1] as ZonePlace, answer.path[i] as ZonePlace) ?? 0;
  return {
    ...answer,
    cost,
    end: answer.path[at - 1] as ZonePlace,
    events: answer.events.filter((e) => e.at === at),
    interrupted: at,
  };
}

/** Cheapest path between places (costs are halves and wholes): Dijkstra over a binary heap. */
export function cheapestZonePath(state: ZoneState, from: ZonePlace, to: ZonePlace): ZonePlace[] | null {
  const places: ZonePlace[] = [from];
  const index: Record<string, number> = { [placeKey(from)]: 0 };
  const dist: number[] = [0];
  const prev: number[] = [-1];
  const done: boolean[] = [false];
  const goal = placeKey(to);
  const heap = new BinaryHeap();
  heap.push(0, 0);
  while (heap.size > 0) {
    const i = heap.pop();
    if (done[i]) continue;
    done[i] = true;
    const here = places[i] as ZonePlace;
    if (placeKey(here) === goal) {
      const path: ZonePlace[] = [];
      for (let k = i; k >= 0; k = prev[k] as number) path.push(places[k] as ZonePlace);
      return path.reverse();
    }
    for (const next of placesNextTo(state.map, here)) {
      const c = stepCost(state.map, here, next);
      if (c === null) continue;
      const key = placeKey(next);
      let j = index[key];
      if (j === undefined) {
        j = places.length;
        index[key] = j;
        places.push(next);
        dist.push(Number.POSITIVE_INFINITY);
        prev.push(-1);
        done.push(false);
      }
      const d = (dist[i] as number) + c;
      if (d < (dist[j] as number)) {
        dist[j] = d;
        prev[j] = i;
        heap.push(d, j);
      }
    }
  }
  return null;
}

function placeDistance(state: ZoneState, a: ZonePlace, b: ZonePlace): number {
  if (samePlace(a, b)) return 0;
  const path = cheapestZonePath(state, a, b);
  if (!path) return Number.POSITIVE_INFINITY;
  let cost = 0;
  for (let i = 1; i < path.length; i++)
    cost += stepCost(state.map, path[i - 1] as ZonePlace, path[i] as ZonePlace) ?? 0;
  return cost;
}

/** FAC-30 ruling: range between characters counts zone steps; sharing a zone is 0. */
export function zoneRange(state: ZoneState, a: ZonePlace, b: ZonePlace): number {
  const dist = zoneDistances(state.map, zonesOf(a));
  return Math.min(...zonesOf(b).map((z) => dist[z] ?? Number.POSITIVE_INFINITY));
}

/** Moves the character as the query answers and books the zones moved this turn; a refused move changes nothing. */
export function applyZoneMove(
  state: ZoneState,
  query: MoveQuery<ZonePlace>,
  options: ZoneOptions,
): Outcome<ZoneState, ZoneMoveEvent> {
  const answer = queryZoneMove(state, query, options);
  if (!answer.ok) return answer;
  const voluntary = query.mode !== "push";
  return applied(
    {
      ...state,
      characters: state.characters.map((c) =>
        c.id === query.mover ? { ...c, at: answer.end, moved: voluntary ? c.moved + answer.cost : c.moved } : c,
      ),
    },
    answer.events,
  );
}

/** FAC-06: a new turn gives the character its zone of movement again. */
export function startZoneTurn(state: ZoneState, id: string): Outcome<ZoneState, never> {
  const character = characterIn(state, id);
  if ("ok" in character) return character;
  return applied({ ...state, characters: state.characters.map((c) => (c.id === id ? { ...c, moved: 0 } : c)) });
}
