import type { GridMap } from "../../../core/space/grid/grid-map.js";
import type { RegionSpace, SectionData } from "../regions/region-data.js";
import { cellOwners, type SceneCells } from "./scene-cells.js";

/**
 * STR-23, STR-24 on the square grid: each cell takes the Elevation (the behaviour's Height) and terrain of the Fray
 * section region that owns it; a cell outside every such region is at Elevation 0 and not Difficult Terrain.
 */
export function deriveGrid(cells: SceneCells, regions: readonly RegionSpace[]): GridMap {
  const data = new Map<string, SectionData>();
  for (const r of regions) if (r.section) data.set(r.id, r.section);
  const owners = cellOwners(cells, regions, "section");
  const elevation = owners.map((id) => (id ? data.get(id)!.height : 0));
  const difficult = owners.map((id) => (id && data.get(id)!.terrain === "difficult" ? 1 : 0));
  return { width: cells.columns, height: cells.rows, elevation, difficult };
}
