import { halfRange } from "../../attack/factions/range.js";
import { refuse, type Refusal } from "../../shared/outcome.js";
import { isNearby } from "./nearby.js";
import type { ZoneOptions } from "./zone-options.js";
import { zoneRange } from "./zone-movement.js";
import { zonesOf } from "./zone-place.js";
import { zoneView, type ZoneView } from "./zone-sight.js";
import { characterById, type ZoneState } from "./zone-state.js";

/**
 * A factions attack between two characters on the zone map: melee (FAC-29), ranged (FAC-30), indirect (FAC-32), or a
 * blast (FAC-36..FAC-38) whose zone is the target's.
 */
export interface ZoneAttackQuery {
  readonly attacker: string;
  readonly target: string;
  readonly kind: "melee" | "ranged" | "indirect" | "meleeBlast" | "rangedBlast";
  /** The weapon's range in zones (ranged and indirect). */
  readonly range: number;
}

/**
 * What the zone map decides of the attack: the distance, whether the target is beyond half range (FAC-30), and the
 * view.
 */
export interface ZoneAttackFacts extends ZoneView {
  readonly ok: true;
  readonly distance: number;
  readonly beyondHalfRange: boolean;
}

/**
 * Can the attack reach its target across the zones? FAC-29 a melee attack targets a nearby character; FAC-30 a
 * ranged one a character within the weapon's range (zone steps, FAC-30 ruling); FAC-32 an indirect one only a
 * target farther than half range; FAC-37 a melee blast hits the attacker's own zone; FAC-38 a ranged blast any zone
 * within range. What the target's zone lets the attacker see (FAC-29, FAC-31, FAC-33) is reported, not refused: the
 * pipeline's declaration judges it, and the GM may say otherwise.
 */
export function zoneAttackReach(state: ZoneState, q: ZoneAttackQuery, options: ZoneOptions): ZoneAttackFacts | Refusal {
  const attacker = characterById(state, q.attacker);
  const target = characterById(state, q.target);
  if (!attacker || !target) return refuse("NotOnTheMap", "the attacker or the target stands in no zone of the map");
  const distance = zoneRange(state, attacker.at, target.at);
  const half = halfRange(q.range);
  const view = zoneView(state.map, attacker.at, target.at);
  if (q.kind === "melee") {
    if (!isNearby(state.map, attacker.at, target.at, options))
      return refuse("NotNearby", "a melee attack targets a nearby character", "FAC-29", { distance });
    return { ok: true, distance, beyondHalfRange: false, ...view };
  }
  if (q.kind === "meleeBlast") {
    const own = zonesOf(attacker.at);
    const zone = zonesOf(target.at).find((z) => own.includes(z));
    if (zone === undefined)
      return refuse("NotOwnZone", "a melee blast hits the attacker's own zone", "FAC-37", {
        zone: zonesOf(target.at).join("|"),
      });
    return { ok: true, distance, beyondHalfRange: false, ...view };
  }
  if (q.kind === "rangedBlast" && distance > q.range)
    return refuse("BlastOutOfRange", `the target's zone is ${distance} zones away, range ${q.range}`, "FAC-38", {
      zone: zonesOf(target.at).join("|"),
      range: q.range,
    });
  if (distance > q.range)
    return refuse("OutOfRange", `range ${q.range} does not reach distance ${distance}`, "FAC-30", {
      range: q.range,
      distance,
    });
  if (q.kind === "indirect" && distance <= half)
    return refuse("IndirectTooClose", "an indirect attack only reaches targets farther than half range", "FAC-32", {
      distance,
      half,
    });
  return { ok: true, distance, beyondHalfRange: distance > half, ...view };
}
