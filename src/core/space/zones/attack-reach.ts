import { halfRange } from "../../attack/factions/range.js";
import { refuse, type Refusal } from "../../shared/outcome.js";
import { isNearby } from "./nearby.js";
import type { ZoneOptions } from "./zone-options.js";
import { zoneRange } from "./zone-movement.js";
import { characterById, type ZoneState } from "./zone-state.js";

/** A factions attack between two characters on the zone map: melee (FAC-29), ranged (FAC-30) or indirect (FAC-32). */
export interface ZoneAttackQuery {
  readonly attacker: string;
  readonly target: string;
  readonly kind: "melee" | "ranged" | "indirect";
  /** The weapon's range in zones (ranged and indirect). */
  readonly range: number;
}

/** What the zone map decides of the attack: the distance, and whether the target is beyond half range (FAC-30). */
export interface ZoneAttackFacts {
  readonly ok: true;
  readonly distance: number;
  readonly beyondHalfRange: boolean;
}

/**
 * Can the attack reach its target across the zones? FAC-29 a melee attack targets a nearby character; FAC-30 a
 * ranged one a character within the weapon's range (zone steps, FAC-30 ruling); FAC-32 an indirect one only a
 * target farther than half range. Visibility is not on the zone map: the GM says it (FAC-29, FAC-31).
 */
export function zoneAttackReach(state: ZoneState, q: ZoneAttackQuery, options: ZoneOptions): ZoneAttackFacts | Refusal {
  const attacker = characterById(state, q.attacker);
  const target = characterById(state, q.target);
  if (!attacker || !target) return refuse("NotOnTheMap", "the attacker or the target stands in no zone of the map");
  const distance = zoneRange(state, attacker.at, target.at);
  const half = halfRange(q.range);
  if (q.kind === "melee") {
    if (!isNearby(state.map, attacker.at, target.at, options))
      return refuse("NotNearby", "a melee attack targets a nearby character", "FAC-29", { distance });
    return { ok: true, distance, beyondHalfRange: false };
  }
  if (distance > q.range)
    return refuse("OutOfRange", `range ${q.range} does not reach distance ${distance}`, "FAC-30", { range: q.range, distance });
  if (q.kind === "indirect" && distance <= half)
    return refuse("IndirectTooClose", "an indirect attack only reaches targets farther than half range", "FAC-32", {
      distance,
      half,
    });
  return { ok: true, distance, beyondHalfRange: distance > half };
}
