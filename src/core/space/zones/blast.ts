import { refuse, type Refusal } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import { zoneById } from "./zone-map.js";
import { zonesOf } from "./zone-place.js";
import { characterIn, type ZoneState } from "./zone-state.js";
import { zoneRange } from "./zone-movement.js";

export interface BlastResult {
  readonly ok: true;
  /** The zone the blast finally hits. */
  readonly zone: string;
  /** Ids of every character targeted. */
  readonly targets: readonly string[];
  /** FAC-39: where a missed ranged blast deviated, with the die rolled (sides = neighbouring zones). */
  readonly deviation?: { readonly aimedAt: string; readonly roll: number; readonly sides: number };
}

export type BlastAnswer = BlastResult | Refusal;

/** FAC-36: everyone in the zone or on one of its borders. */
export function charactersInZone(state: ZoneState, zone: string): string[] {
  return state.characters.filter((c) => zonesOf(c.at).includes(zone)).map((c) => c.id);
}

/**
 * FAC-37: a melee blast hits the attacker's own zone, not the attacker, and cannot miss.
 * Ruling: an attacker on a border chooses which of its two zones (`zone`; default the first named).
 */
export function meleeBlast(state: ZoneState, attackerId: string, zone?: string): BlastAnswer {
  const attacker = characterIn(state, attackerId);
  if ("ok" in attacker) return attacker;
  const own = zonesOf(attacker.at);
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs it (noUncheckedIndexedAccess)
  const hit = zone ?? (own[0] as string);
  if (!own.includes(hit))
    return refuse("NotOwnZone", `a melee blast hits the attacker's own zone, not ${hit}`, "FAC-37", { zone: hit });
  return { ok: true, zone: hit, targets: charactersInZone(state, hit).filter((id) => id !== attackerId) };
}

/**
 * FAC-38: a ranged blast hits any zone within range (range in zone steps, FAC-30 ruling) and targets the attacker
 * too when that is its own zone. FAC-39: on a miss it deviates to a neighbouring zone of the aimed one,
 * numbered in the map's listed order, chosen with a die of as many sides as there are neighbours (ruling);
 * with no neighbour the blast hits nothing.
 */
export function rangedBlast(
  state: ZoneState,
  attackerId: string,
  zone: string,
  range: number,
  hit: boolean,
  roller: Roller,
): BlastAnswer {
  const attacker = characterIn(state, attackerId);
  if ("ok" in attacker) return attacker;
  const aimed = zoneById(state.map, zone);
  if (!aimed) return refuse("UnknownZone", `no zone ${zone}`, "FAC-38", { zone });
  if (!Number.isFinite(range) || range < 0) return refuse("NegativeRange", "a range is 0 or more", "FAC-30", { range });
  const distance = zoneRange(state, attacker.at, { zone });
  if (distance > range)
    return refuse("BlastOutOfRange", `zone ${zone} is ${distance} zones away, range ${range}`, "FAC-38", {
      zone,
      range,
    });
  if (hit) return { ok: true, zone, targets: charactersInZone(state, zone) };
  const sides = aimed.neighbours.length;
  if (sides === 0) return { ok: true, zone, targets: [], deviation: { aimedAt: zone, roll: 0, sides } };
  const roll = roller.die(sides);
  const landed = aimed.neighbours[roll - 1] as string;
  return {
    ok: true,
    zone: landed,
    targets: charactersInZone(state, landed),
    deviation: { aimedAt: zone, roll, sides },
  };
}

/**
 * FAC-39: the aimed zone's neighbours in the map's listed order (numbered 1..n for the deviation die),
 * each with the characters a blast there would target; the shape the factions attack pipeline's `deviate` takes.
 */
export function blastNeighbours(
  state: ZoneState,
  zone: string,
): { readonly zone: string; readonly targets: readonly string[] }[] {
  return (zoneById(state.map, zone)?.neighbours ?? []).map((n) => ({ zone: n, targets: charactersInZone(state, n) }));
}
