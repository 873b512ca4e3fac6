import type { Refusal } from "../shared/outcome.js";

/**
 * One query shape for every spatial model (sections, grid, zones). `Place` is a section id,
 * a grid cell or a zone id. Nothing here knows about pixels or Foundry.
 */
export type MoveMode = "walk" | "phase" | "fly" | "teleport" | "climb" | "swim" | "crawl" | "sneak" | "fall" | "push";

export interface MoveQuery<Place> {
  readonly mover: string;
  readonly mode: MoveMode;
  /** The full path including the start, or just a destination to path-find to. */
  readonly path?: readonly Place[];
  readonly to?: Place;
  /** Ask for the cheapest legal path to `to` (or to the last place of `path`). */
  readonly cheapest?: boolean;
}

export interface MoveResult<Place, Event> {
  readonly ok: true;
  /** In the model's own unit: soft borders, squares of movement, zones. */
  readonly cost: number;
  readonly path: readonly Place[];
  /** Falls, free hits and opportunity attacks provoked, Blocks that stop the move, climbing started, ... */
  readonly events: readonly Event[];
  /** Where the mover ends up: may differ from the last place asked for when a Block or a fall stops it. */
  readonly end: Place;
}

/** A refusal carries the clause that refuses, e.g. SEC-03 for a hard border crossed by a walk. */
export type MoveAnswer<Place, Event> = MoveResult<Place, Event> | Refusal;
