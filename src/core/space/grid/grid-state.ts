import { refuse, type Refusal } from "../../shared/outcome.js";
import { isCellShape, sameCell, type GridCell } from "./grid-cell.js";
import { checkGridMap, inMap, type GridMap } from "./grid-map.js";

/**
 * A character (strain), unit (escalation) or team member (teams) on the grid.
 * Optional flags are simply absent when false.
 */
export interface GridPiece {
  readonly id: string;
  /** Pieces with the same side are allies (STR-34); any other side is an enemy. */
  readonly side: string;
  readonly cell: GridCell;
  /** Speed (strain, squares), movement (escalation, spaces) or metres (teams) for this move phase. */
  readonly speed: number;
  /** Movement already spent this turn (STR-19, STR-28, FAC-07 style splitting). */
  readonly spent: number;
  /** TEAM-45: diagonals already moved this turn (only counted when the count runs through the turn). */
  readonly diagonals?: number;
  /** STR-26: Endurance and Reflex modifiers for the descent roll. */
  readonly endurance?: number;
  readonly reflex?: number;
  /** STR-27, STR-28: stacks gained. */
  readonly slowed?: number;
  readonly dazed?: number;
  /** ESC-60 Reach, ESC-43 disengaged this round, ESC-46 prone, ESC-12 carrying maximum capacity. */
  readonly reach?: boolean;
  readonly disengaged?: boolean;
  readonly prone?: boolean;
  readonly carryingMax?: boolean;
  /** ESC-59 Maneuverer, ESC-62 Athlete. */
  readonly maneuverer?: boolean;
  readonly athlete?: boolean;
  /** ESC-09: extra spaces bought with Bonus Actions this round (2 per boost), added after halving. */
  readonly boostSpaces?: number;
}

export interface GridState {
  readonly map: GridMap;
  readonly pieces: readonly GridPiece[];
}

/** Malformed state is refused, never thrown on. */
export function checkGridState(state: unknown): Refusal | null {
  if (typeof state !== "object" || state === null)
    return refuse("MalformedGrid", "the grid state is missing", "STR-14");
  const s = state as { map?: unknown; pieces?: unknown };
  const bad = checkGridMap(s.map);
  if (bad) return bad;
  const map = s.map as GridMap;
  if (!Array.isArray(s.pieces)) return refuse("MalformedGrid", "the grid state needs a list of pieces", "STR-14");
  const seen: string[] = [];
  for (const p of s.pieces as unknown[]) {
    if (typeof p !== "object" || p === null) return refuse("MalformedGrid", "a piece is missing", "STR-14");
    const q = p as Partial<GridPiece>;
    if (typeof q.id !== "string" || typeof q.side !== "string")
      return refuse("MalformedGrid", "every piece needs an id and a side", "STR-34");
    if (seen.includes(q.id))
      return refuse("DuplicatePiece", `piece ${q.id} is on the grid twice`, undefined, { id: q.id });
    seen.push(q.id);
    if (!isCellShape(q.cell) || !inMap(map, q.cell))
      return refuse("CellOutsideMap", `piece ${q.id} stands outside the map`, "STR-14", { id: q.id });
    if (typeof q.speed !== "number" || !Number.isFinite(q.speed) || q.speed < 0)
      return refuse("NegativeSpeed", `piece ${q.id} needs a speed of 0 or more`, "STR-19", { id: q.id });
    if (typeof q.spent !== "number" || !Number.isFinite(q.spent) || q.spent < 0)
      return refuse("NegativeSpeed", `piece ${q.id} cannot have spent negative movement`, "STR-19", { id: q.id });
  }
  return null;
}

export function pieceById(state: GridState, id: string): GridPiece | undefined {
  return state.pieces.find((p) => p.id === id);
}

export function pieceAt(state: GridState, c: GridCell): GridPiece | undefined {
  return state.pieces.find((p) => sameCell(p.cell, c));
}

/** STR-34: the pieces on the other side are enemies. */
export function enemiesOf(state: GridState, piece: GridPiece): GridPiece[] {
  return state.pieces.filter((p) => p.side !== piece.side);
}
