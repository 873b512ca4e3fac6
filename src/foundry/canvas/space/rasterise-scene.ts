import {
  readSectionData,
  readZoneData,
  SECTION_BEHAVIOUR,
  ZONE_BEHAVIOUR,
  type RegionSpace,
} from "../regions/region-data.js";
import type { SceneCells, WallBetween } from "./scene-cells.js";
import type { Offset, RegionLike, SceneLike, XY } from "./scene-ports.js";
import { WallIndex } from "./wall-crossing.js";

/** Which grid offsets the scene's rectangle covers: cell (x, y) of the core's maps is offset (i0 + y, j0 + x). */
export interface CellFrame {
  readonly columns: number;
  readonly rows: number;
  readonly i0: number;
  readonly j0: number;
}

/** The frame of a gridded scene's rectangle (padding left out); null on a gridless scene. */
export function frameOf(scene: SceneLike): CellFrame | null {
  if (scene.grid.isGridless) return null;
  const d = scene.dimensions;
  const first = scene.grid.getOffset({ x: d.sceneX + 1, y: d.sceneY + 1 });
  const last = scene.grid.getOffset({ x: d.sceneX + d.sceneWidth - 1, y: d.sceneY + d.sceneHeight - 1 });
  return {
    columns: Math.max(0, last.j - first.j + 1),
    rows: Math.max(0, last.i - first.i + 1),
    i0: first.i,
    j0: first.j,
  };
}

/** The cell index of a grid offset, or -1 outside the scene's rectangle. */
export function cellOf(frame: CellFrame, o: Offset): number {
  const x = o.j - frame.j0;
  const y = o.i - frame.i0;
  return x < 0 || y < 0 || x >= frame.columns || y >= frame.rows ? -1 : y * frame.columns + x;
}

export function offsetOf(frame: CellFrame, index: number): Offset {
  const x = index % frame.columns;
  return { i: frame.i0 + (index - x) / frame.columns, j: frame.j0 + x };
}

/** Each region's first enabled Fray behaviour of each type (a disabled one does not count). */
export function readRegions(scene: SceneLike): RegionSpace[] {
  const out: RegionSpace[] = [];
  for (const region of scene.regions.contents) {
    if (!region.id) continue;
    const on = region.behaviors.contents.filter((b) => !b.disabled);
    const section = on.find((b) => b.type === SECTION_BEHAVIOUR);
    const zone = on.find((b) => b.type === ZONE_BEHAVIOUR);
    if (!section && !zone) continue;
    out.push({
      id: region.id,
      ...(section ? { section: readSectionData(section.system) } : {}),
      ...(zone ? { zone: readZoneData(zone.system) } : {}),
    });
  }
  return out;
}

/** A point at an elevation the region covers, so its elevation range never hides it from the ground map. */
export function insideRegion(region: RegionLike, p: XY): boolean {
  const { bottom, top } = region.elevation;
  const elevation =
    bottom !== null && Number.isFinite(bottom) ? bottom : top !== null && Number.isFinite(top) ? top : 0;
  return region.testPoint({ x: p.x, y: p.y, elevation });
}

/**
 * Tags every cell of the frame with the Fray regions that hold its centre; only cells inside a region's bounds are
 * tested.
 */
export function rasterise(scene: SceneLike, frame: CellFrame, regions: readonly RegionSpace[]): SceneCells {
  const tags: string[][] = Array.from({ length: frame.columns * frame.rows }, () => []);
  const wanted = new Set(regions.map((r) => r.id));
  for (const region of scene.regions.contents) {
    if (!region.id || !wanted.has(region.id)) continue;
    const b = region.bounds;
    const from = scene.grid.getOffset({ x: b.x, y: b.y });
    const to = scene.grid.getOffset({ x: b.x + b.width, y: b.y + b.height });
    for (let i = Math.max(from.i, frame.i0); i <= Math.min(to.i, frame.i0 + frame.rows - 1); i++)
      for (let j = Math.max(from.j, frame.j0); j <= Math.min(to.j, frame.j0 + frame.columns - 1); j++)
        if (insideRegion(region, scene.grid.getCenterPoint({ i, j }))) tags[cellOf(frame, { i, j })]!.push(region.id);
  }
  const grid = scene.grid;
  // Square cells share edges with four others; any other grid says who its neighbours are.
  const neighbours = grid.isSquare
    ? undefined
    : (index: number) =>
        grid
          .getAdjacentOffsets(offsetOf(frame, index))
          .map((o) => cellOf(frame, o))
          .filter((c) => c >= 0);
  return { columns: frame.columns, rows: frame.rows, regions: tags, ...(neighbours ? { neighbours } : {}) };
}

/**
 * Walls between cell centres, from the scene's wall documents (the same answer on every client, viewed scene or not).
 */
export function wallsBetweenCells(
  scene: SceneLike,
  frame: CellFrame,
  index = new WallIndex(scene.walls.contents, scene.grid.size),
): WallBetween {
  const centre = (c: number) => scene.grid.getCenterPoint(offsetOf(frame, c));
  return (a, b) => index.blocks(centre(a), centre(b));
}
