import { refuse, type Refusal } from "../../shared/outcome.js";
import type { MoveMode, MoveQuery } from "../movement.js";
import { cheapestGridPath } from "./cheapest-path.js";
import { isAdjacent } from "./distance.js";
import { isCellShape, sameCell, type GridCell } from "./grid-cell.js";
import { cellIndex, inMap } from "./grid-map.js";
import type { GridOptions } from "./grid-options.js";
import { checkGridState, pieceAt, pieceById, type GridPiece, type GridState } from "./grid-state.js";

const GRID_MODES: readonly MoveMode[] = ["walk", "teleport", "climb", "swim", "crawl", "sneak", "push"];

/** A move query whose shape holds: the mover, where it goes, and whether it named its path. */
interface CheckedGridQuery {
  readonly piece: GridPiece;
  readonly target: GridCell;
  readonly pathGiven: boolean;
}

/** The query as the grid takes it (STR-14, STR-19), or why it is no move at all. */
export function checkGridQuery(
  state: GridState,
  query: MoveQuery<GridCell>,
  ctx: { readonly options: GridOptions },
): CheckedGridQuery | Refusal {
  const bad = checkGridState(state);
  if (bad) return bad;
  if (typeof query !== "object" || query === null) return refuse("MalformedMove", "the move query is missing");
  const piece = pieceById(state, query.mover);
  if (!piece)
    return refuse("UnknownMover", `no piece ${String(query.mover)} on the grid`, undefined, {
      id: String(query.mover),
    });
  if (!GRID_MODES.includes(query.mode))
    return refuse("MoveModeNotOnGrid", `${String(query.mode)} movement is not used on the grid`, "STR-14", {
      mode: String(query.mode),
    });
  if (typeof ctx !== "object" || ctx === null || typeof ctx.options !== "object" || ctx.options === null)
    return refuse("MalformedMove", "the move needs the grid options of its rule set");
  const pathGiven = query.path !== undefined;
  if (pathGiven && (!Array.isArray(query.path) || query.path.length === 0 || !query.path.every(isCellShape)))
    return refuse("MalformedMove", "a path is a non-empty list of whole-number squares", "STR-14");
  if (query.to !== undefined && !isCellShape(query.to))
    return refuse("MalformedMove", "the destination is not a square", "STR-14");
  const target = query.to ?? query.path?.[query.path.length - 1];
  if (!target) return refuse("NoDestination", "a move needs a path or a destination");
  if (pathGiven) {
    const first = query.path?.[0] as GridCell;
    if (!sameCell(first, piece.cell))
      return refuse("PathNotFromMover", "a path starts on the mover's square", "STR-19");
    const outside = query.path?.find((c) => !inMap(state.map, c));
    if (outside) return outsideMap(outside);
  }
  if (!inMap(state.map, target)) return outsideMap(target);
  return { piece, target, pathGiven };
}

const outsideMap = (cell: GridCell): Refusal =>
  refuse("CellOutsideMap", `square ${cell.x},${cell.y} is outside the map`, "STR-14", { x: cell.x, y: cell.y });

/** What the cheapest path is searched within. */
interface PathSearch {
  readonly options: GridOptions;
  readonly budget: number;
  readonly voluntary: boolean;
  readonly startOdd: boolean;
}

/** The cheapest legal path to `target` (STR-19), around enemies (STR-21); none within the budget is refused. */
export function cheapestTo(
  state: GridState,
  piece: GridPiece,
  target: GridCell,
  search: PathSearch,
): readonly GridCell[] | Refusal {
  const blocked = state.pieces.filter((p) => p.side !== piece.side).map((p) => cellIndex(state.map, p.cell));
  const found = cheapestGridPath({
    map: state.map,
    options: search.options,
    from: piece.cell,
    to: target,
    blocked,
    budget: search.budget,
    voluntary: search.voluntary,
    startOddDiagonal: search.startOdd,
  });
  if (found) return found.path;
  const where = { x: target.x, y: target.y };
  return Number.isFinite(search.budget)
    ? refuse(
        "NoPathWithinSpeed",
        `no legal path reaches ${target.x},${target.y} within ${search.budget} movement`,
        "STR-19",
        { ...where, budget: search.budget },
      )
    : refuse("NoPushPath", `nothing lets the character be pushed to ${target.x},${target.y}`, "STR-21", where);
}

/** A path the mover named: each step to an adjacent square (STR-15), never into an enemy's (STR-21). */
export function givenPath(
  state: GridState,
  piece: GridPiece,
  path: readonly GridCell[],
): readonly GridCell[] | Refusal {
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1] as GridCell;
    const b = path[i] as GridCell;
    if (!isAdjacent(a, b))
      return refuse("StepNotAdjacent", `step ${i} does not go to an adjacent square`, "STR-15", { step: i });
    const who = pieceAt(state, b);
    if (who && who.side !== piece.side)
      return refuse("EnemySquare", "a character cannot move into an enemy's square", "STR-21", { id: who.id });
  }
  return path;
}
