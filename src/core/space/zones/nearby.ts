import { areNeighbours, type ZoneMap } from "./zone-map.js";
import type { ZoneOptions } from "./zone-options.js";
import { zonesOf, type ZonePlace } from "./zone-place.js";

/**
 * Ruling (FAC-23, FAC-29): "nearby" means sharing a zone; a character on a border is in both zones.
 * With nearby: "adjacent-zones" neighbouring zones count too.
 */
export function isNearby(map: ZoneMap, a: ZonePlace, b: ZonePlace, options: ZoneOptions): boolean {
  const za = zonesOf(a);
  const zb = zonesOf(b);
  if (za.some((z) => zb.includes(z))) return true;
  return options.nearby === "adjacent-zones" && za.some((x) => zb.some((y) => areNeighbours(map, x, y)));
}
