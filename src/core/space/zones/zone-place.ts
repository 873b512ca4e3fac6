import { refuse, type Refusal } from "../../shared/outcome.js";
import { areNeighbours, zoneById, type ZoneMap } from "./zone-map.js";

/** Where a character stands: inside one zone, or on the border between two neighbouring zones (FAC-36). */
export type ZonePlace = { readonly zone: string } | { readonly border: readonly [string, string] };

/** The zones a place belongs to: one, or both sides of a border. */
export function zonesOf(place: ZonePlace): readonly string[] {
  return "zone" in place ? [place.zone] : place.border;
}

export function samePlace(a: ZonePlace, b: ZonePlace): boolean {
  const za = zonesOf(a);
  const zb = zonesOf(b);
  return za.length === zb.length && za.every((z) => zb.includes(z));
}

export function placeLabel(p: ZonePlace): string {
  return "zone" in p ? p.zone : `${p.border[0]}|${p.border[1]}`;
}

/** A key that names a border the same whichever way round it is written. */
export function placeKey(p: ZonePlace): string {
  return "zone" in p ? JSON.stringify([p.zone]) : JSON.stringify([...p.border].sort());
}

export function checkPlace(map: ZoneMap, place: unknown): Refusal | null {
  if (typeof place !== "object" || place === null)
    return refuse("UnknownZone", "a place is a zone or a border", "FAC-36");
  const p = place as { zone?: unknown; border?: unknown };
  if (typeof p.zone === "string")
    return zoneById(map, p.zone) ? null : refuse("UnknownZone", `no zone ${p.zone}`, "FAC-36", { zone: p.zone });
  if (Array.isArray(p.border) && p.border.length === 2 && p.border.every((z) => typeof z === "string")) {
    const [a, b] = p.border as [string, string];
    if (!zoneById(map, a) || !zoneById(map, b))
      return refuse("UnknownZone", `no border ${a}|${b}`, "FAC-36", { zone: `${a}|${b}` });
    if (!areNeighbours(map, a, b))
      return refuse("NotNeighbours", `zones ${a} and ${b} share no border`, "FAC-36", { zone: `${a}|${b}` });
    return null;
  }
  return refuse("UnknownZone", "a place is a zone or a border", "FAC-36");
}

/**
 * One step between places and what it costs in zones: into a neighbouring zone 1,
 * from a zone onto one of its borders or off a border into either side half a zone; anything else is no step.
 */
export function stepCost(map: ZoneMap, from: ZonePlace, to: ZonePlace): number | null {
  if ("zone" in from && "zone" in to) return areNeighbours(map, from.zone, to.zone) ? 1 : null;
  if ("zone" in from && "border" in to) return to.border.includes(from.zone) ? 0.5 : null;
  if ("border" in from && "zone" in to) return from.border.includes(to.zone) ? 0.5 : null;
  return null;
}

/** Every place one step from `from`. */
export function placesNextTo(map: ZoneMap, from: ZonePlace): ZonePlace[] {
  if ("border" in from) return from.border.map((zone) => ({ zone }));
  const z = zoneById(map, from.zone);
  if (!z) return [];
  return [
    ...z.neighbours.map((zone): ZonePlace => ({ zone })),
    ...z.neighbours.map((n): ZonePlace => ({ border: [from.zone, n] })),
  ];
}
