import type { RulesetId } from "../../../core/rulesets.js";
import type { SpaceModel } from "../../canvas/space/space-model.js";
import { manifestOf } from "../../rulesets/index.js";
import { FIXTURE_PREFIX } from "../fixtures/combat-fixture.js";

/** The movement batch's grid: 100-pixel squares, no padding, so cell (c, r) has its top-left corner at (100c, 100r). */
const CELL = 100;

/** A rectangle of cells: column, row, width, height. */
type CellRect = readonly [number, number, number, number];
export type Cell = readonly [number, number];

interface LayoutRegion {
  readonly name: string;
  readonly cells: CellRect;
  /** The Fray section's Height (sections, and the grid's Elevation); zones have none. */
  readonly height?: number;
}

/**
 * A small map for one space model, drawn with Fray's regions, and the cells the batch moves a token between: `start`;
 * `hard`, across a border walled along its whole length (refused); `step`, one legal unit away (one soft border,
 * one zone, one square: it spends the turn's budget), and `via`, a waypoint a drag there may pass; `up`, across a
 * Height border (sections only: a walk is refused).
 */
export interface MovementLayout {
  readonly model: SpaceModel;
  readonly columns: number;
  readonly rows: number;
  readonly regions: readonly LayoutRegion[];
  /** Wall segments in cells: [c1, r1, c2, r2] along cell edges. */
  readonly walls: readonly (readonly [number, number, number, number])[];
  readonly start: Cell;
  readonly hard: Cell;
  readonly step: Cell;
  /** A free waypoint on a drag to `step` (a square on the grid, the Room elsewhere): the drag is still one unit. */
  readonly via: Cell;
  readonly up?: Cell;
  readonly enemy: Cell;
}

/**
 * Hall | Room | Dais (Height 2) on the top row, the Yard under the Room; walls close the whole Hall | Room edge. On
 * the grid the same walls stand on an open floor with a Height 3 ledge where the Dais is; zones have no Heights.
 */
export function movementLayout(ruleset: RulesetId): MovementLayout {
  const model = manifestOf(ruleset).space;
  const base = {
    model,
    columns: 9,
    rows: 6,
    walls: [[3, 0, 3, 3]] as const,
    start: [4, 1] as const,
    hard: [1, 1] as const,
    enemy: [8, 5] as const,
  };
  if (model === "grid")
    return {
      ...base,
      regions: [{ name: `${FIXTURE_PREFIX} Ledge`, cells: [6, 0, 3, 3], height: 3 }],
      step: [5, 1],
      via: [4, 2],
    };
  const regions: LayoutRegion[] = [
    { name: `${FIXTURE_PREFIX} Hall`, cells: [0, 0, 3, 3], height: 0 },
    { name: `${FIXTURE_PREFIX} Room`, cells: [3, 0, 3, 3], height: 0 },
    { name: `${FIXTURE_PREFIX} Dais`, cells: [6, 0, 3, 3], height: model === "sections" ? 2 : 0 },
    { name: `${FIXTURE_PREFIX} Yard`, cells: [3, 3, 6, 3], height: 0 },
  ];
  return { ...base, regions, step: [4, 4], via: [5, 2], ...(model === "sections" ? { up: [7, 1] as const } : {}) };
}

/** The top-left corner of a 1x1 token standing on a cell. */
export const cornerOf = ([c, r]: Cell): { x: number; y: number } => ({ x: c * CELL, y: r * CELL });

/**
 * The Scene's create data for a layout: a square grid (CONST.GRID_TYPES.SQUARE is 1) without padding, the space
 * model flag, one region per layout region with its Fray behaviour (a zone on a zones scene, else a section), and
 * the walls (normal movement walls, no doors). Plain data, so it is unit-tested without Foundry.
 */
export function movementSceneData(
  layout: MovementLayout,
  name = `${FIXTURE_PREFIX} Movement`,
): Record<string, unknown> {
  const zones = layout.model === "zones";
  return {
    name,
    width: layout.columns * CELL,
    height: layout.rows * CELL,
    padding: 0,
    grid: { type: 1, size: CELL },
    flags: { fray: { spaceModel: layout.model } },
    regions: layout.regions.map((r) => ({
      name: r.name,
      shapes: [
        {
          type: "rectangle",
          x: r.cells[0] * CELL,
          y: r.cells[1] * CELL,
          width: r.cells[2] * CELL,
          height: r.cells[3] * CELL,
        },
      ],
      behaviors: [
        zones
          ? { name: r.name, type: "fray.zone", system: { neighbours: [] } }
          : { name: r.name, type: "fray.section", system: { height: r.height ?? 0 } },
      ],
    })),
    walls: layout.walls.map(([c1, r1, c2, r2]) => ({ c: [c1 * CELL, r1 * CELL, c2 * CELL, r2 * CELL] })),
  };
}
