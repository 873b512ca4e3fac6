import { isRecord } from "../../../core/shared/guards.js";
import type { Refusal } from "../../../core/shared/outcome.js";
import type { GridMap } from "../../../core/space/grid/grid-map.js";
import { compileMap, type SectionGraph } from "../../../core/space/sections/section-graph.js";
import { checkZoneMap, type ZoneMap } from "../../../core/space/zones/zone-map.js";
import { deriveGrid } from "./derive-grid.js";
import { deriveGridlessSections, deriveSections } from "./derive-sections.js";
import { deriveGridlessZones, deriveZones } from "./derive-zones.js";
import { frameOf, rasterise, readRegions, wallsBetweenCells, type CellFrame } from "./rasterise-scene.js";
import type { RegionSpace } from "../regions/region-data.js";
import type { SceneLike } from "./scene-ports.js";
import { SPACE_MODEL_FLAG, spaceModelOf, type SpaceModel } from "./space-model.js";
import { WallIndex } from "./wall-crossing.js";

interface Common {
  /** Null on a gridless scene. */
  readonly frame: CellFrame | null;
  readonly regions: readonly RegionSpace[];
  readonly walls: WallIndex;
}

/** A scene compiled for the core's movement queries: built once per change of the scene, read by every query. */
export type SceneSpace =
  | { readonly model: "none" }
  | (Common & {
      readonly model: "sections";
      readonly graph: SectionGraph;
      /** The section of each cell; null on a gridless scene (the regions are asked point by point). */
      readonly cellSection: readonly (string | null)[] | null;
    })
  | (Common & { readonly model: "zones"; readonly map: ZoneMap; readonly cellZone: readonly (string | null)[] | null })
  | (Common & { readonly model: "grid"; readonly frame: CellFrame; readonly map: GridMap })
  /** The regions make no map the core accepts (the GM is told why). */
  | { readonly model: "broken"; readonly refusal: Refusal };

/** The scene's space model: its `flags.fray.spaceModel`, else the world's (its rule set's). */
export function sceneSpaceModel(scene: Pick<SceneLike, "flags">, worldModel: SpaceModel) {
  const fray = isRecord(scene.flags) ? scene.flags.fray : undefined;
  return spaceModelOf(isRecord(fray) ? fray[SPACE_MODEL_FLAG] : undefined, worldModel);
}

/**
 * Compile a scene: rasterise its Fray regions on its grid, ask its walls, and derive the core's map. `worldModel` is
 * the world rule set's space model (its manifest's), for a scene that names none.
 */
export function compileScene(scene: SceneLike, worldModel: SpaceModel): SceneSpace {
  const model = sceneSpaceModel(scene, worldModel);
  if (model === "none") return { model };
  const frame = frameOf(scene);
  // The core's grid is square (STR-14): on a gridless or hexagonal scene tokens move freely.
  if (model === "grid" && (!frame || !scene.grid.isSquare)) return { model: "none" };
  const regions = readRegions(scene);
  const walls = new WallIndex(scene.walls.contents, scene.grid.size);
  const cells = frame ? rasterise(scene, frame, regions) : null;
  const between = frame ? wallsBetweenCells(scene, frame, walls) : null;
  if (model === "grid") return { model, frame: frame!, regions, walls, map: deriveGrid(cells!, regions) };
  if (model === "zones") {
    const derived = cells
      ? deriveZones(cells, regions, between!)
      : { map: deriveGridlessZones(regions), cellZone: null };
    const bad = checkZoneMap(derived.map);
    return bad
      ? { model: "broken", refusal: bad }
      : { model, frame, regions, walls, map: derived.map, cellZone: derived.cellZone };
  }
  const derived = cells
    ? deriveSections(cells, regions, between!)
    : { map: deriveGridlessSections(regions), cellSection: null };
  const compiled = compileMap(derived.map);
  if (!compiled.ok) return { model: "broken", refusal: compiled };
  return { model, frame, regions, walls, graph: compiled.graph, cellSection: derived.cellSection };
}
