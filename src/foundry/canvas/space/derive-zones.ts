import type { ZoneMap } from "../../../core/space/zones/zone-map.js";
import type { RegionSpace } from "../regions/region-data.js";
import { cellOwners, forEachNeighbourPair, type SceneCells, type WallBetween } from "./scene-cells.js";

export interface DerivedZones {
  readonly map: ZoneMap;
  readonly cellZone: readonly (string | null)[];
}

/** The zones with their neighbours, and the sight each behaviour gives (FAC-29, FAC-33; clear is left out). */
function zoneMap(links: ReadonlyMap<string, Set<string>>, regions: readonly RegionSpace[]): ZoneMap {
  const ids = [...links.keys()].sort();
  const sightOf = (id: string) => regions.find((r) => r.id === id)?.zone?.sight ?? "clear";
  return {
    zones: ids.map((id) => {
      const sight = sightOf(id);
      return { id, neighbours: [...links.get(id)!].sort(), ...(sight !== "clear" ? { sight } : {}) };
    }),
  };
}

/**
 * FAC-06 on a gridded scene: every Fray zone region is a zone, and two zones whose cells share an edge are neighbours
 * unless walls stand between every such pair of cells (nobody can step from one into the other).
 */
export function deriveZones(
  cells: SceneCells,
  regions: readonly RegionSpace[],
  wallBetween: WallBetween,
): DerivedZones {
  const links = new Map<string, Set<string>>();
  for (const r of regions) if (r.zone) links.set(r.id, new Set());
  const cellZone = cellOwners(cells, regions, "zone");
  forEachNeighbourPair(cells, (p, q) => {
    const s = cellZone[p];
    const t = cellZone[q];
    if (!s || !t || s === t || links.get(s)!.has(t) || wallBetween(p, q)) return;
    links.get(s)!.add(t);
    links.get(t)!.add(s);
  });
  return { map: zoneMap(links, regions), cellZone };
}

/** FAC-06 on a gridless scene: the neighbours the GM lists in each zone behaviour, from either side. */
export function deriveGridlessZones(regions: readonly RegionSpace[]): ZoneMap {
  const links = new Map<string, Set<string>>();
  for (const r of regions) if (r.zone) links.set(r.id, new Set());
  for (const r of regions)
    for (const n of r.zone?.neighbours ?? []) {
      if (n === r.id || !links.has(n)) continue;
      links.get(r.id)!.add(n);
      links.get(n)!.add(r.id);
    }
  return zoneMap(links, regions);
}
