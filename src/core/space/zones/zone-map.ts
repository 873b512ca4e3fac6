import { refuse, type Refusal } from "../../shared/outcome.js";
import { shown } from "../../shared/shown.js";

/**
 * What can be seen of a zone's occupants from elsewhere (ruling FAC-29 FAC-33): "clear", "obscured" (vision to them is
 * partly obscured, FAC-33 concealment), "hidden" (they cannot be seen from another zone: smoke, darkness, a thicket).
 */
export type ZoneSight = "clear" | "obscured" | "hidden";
export const ZONE_SIGHTS: readonly ZoneSight[] = ["clear", "obscured", "hidden"];

/** A zone of the battlefield and the zones that share a border with it (FAC-06, FAC-36, FAC-39). */
export interface Zone {
  readonly id: string;
  readonly neighbours: readonly string[];
  /** Missing: clear. */
  readonly sight?: ZoneSight;
}

export interface ZoneMap {
  readonly zones: readonly Zone[];
}

export function zoneById(map: ZoneMap, id: string): Zone | undefined {
  return map.zones.find((z) => z.id === id);
}

export function areNeighbours(map: ZoneMap, a: string, b: string): boolean {
  return a !== b && (zoneById(map, a)?.neighbours.includes(b) ?? false);
}

/** A malformed zone graph is refused, never thrown on: ids unique, neighbours known, borders listed on both sides. */
export function checkZoneMap(map: unknown): Refusal | null {
  if (typeof map !== "object" || map === null || !Array.isArray((map as { zones?: unknown }).zones))
    return refuse("MalformedZoneMap", "the zone map needs a list of zones", "FAC-06");
  const zones = (map as { zones: unknown[] }).zones;
  const ids: string[] = [];
  for (const z of zones) {
    if (typeof z !== "object" || z === null) return refuse("MalformedZoneMap", "a zone is missing", "FAC-06");
    const { id, neighbours, sight } = z as { id?: unknown; neighbours?: unknown; sight?: unknown };
    if (typeof id !== "string" || !Array.isArray(neighbours) || !neighbours.every((n) => typeof n === "string"))
      return refuse("MalformedZoneMap", "every zone needs an id and a list of neighbours", "FAC-06");
    if (sight !== undefined && !(ZONE_SIGHTS as readonly unknown[]).includes(sight))
      return refuse("MalformedZoneMap", `zone ${id} has no sight ${shown(sight)}`, "FAC-29", { zone: id });
    if (ids.includes(id)) return refuse("MalformedZoneMap", `zone ${id} is listed twice`, "FAC-06", { zone: id });
    ids.push(id);
  }
  const m = map as ZoneMap;
  for (const z of m.zones) {
    for (const n of z.neighbours) {
      if (n === z.id) return refuse("MalformedZoneMap", `zone ${z.id} cannot border itself`, "FAC-06", { zone: z.id });
      const other = zoneById(m, n);
      if (!other) return refuse("MalformedZoneMap", `zone ${z.id} borders unknown zone ${n}`, "FAC-06", { zone: n });
      if (!other.neighbours.includes(z.id))
        return refuse("MalformedZoneMap", `the border ${z.id}|${n} is listed on one side only`, "FAC-06", { zone: n });
    }
  }
  return null;
}

/** Zone steps between two zones (breadth first); Infinity when not connected. FAC-30 ruling: range counts zones. */
export function zoneDistances(map: ZoneMap, from: readonly string[]): Record<string, number> {
  const dist: Record<string, number> = {};
  let frontier = [...from];
  for (const f of frontier) dist[f] = 0;
  let d = 0;
  while (frontier.length > 0) {
    d += 1;
    const next: string[] = [];
    for (const id of frontier)
      for (const n of zoneById(map, id)?.neighbours ?? [])
        if (dist[n] === undefined) {
          dist[n] = d;
          next.push(n);
        }
    frontier = next;
  }
  return dist;
}
