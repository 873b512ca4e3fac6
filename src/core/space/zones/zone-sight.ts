import { zoneById, type ZoneMap } from "./zone-map.js";
import { zonesOf, type ZonePlace } from "./zone-place.js";

/** What the zone map says of an attacker's view of a target (ruling FAC-29 FAC-33, docs/rulings.md). */
export interface ZoneView {
  /** FAC-29, FAC-31, FAC-32: the target can be seen. */
  readonly targetVisible: boolean;
  /** FAC-33: vision to the target is partly obscured. */
  readonly concealment: boolean;
}

/**
 * Ruling FAC-29 FAC-33: only the target's zone matters. A "hidden" zone's occupants cannot be seen from another zone,
 * and are seen obscured from inside it; an "obscured" zone's are seen with concealment from anywhere. A target on a
 * border is seen through the better of its two zones.
 */
export function zoneView(map: ZoneMap, attacker: ZonePlace, target: ZonePlace): ZoneView {
  const own = zonesOf(attacker);
  const seen = zonesOf(target).map((z) => {
    const sight = zoneById(map, z)?.sight ?? "clear";
    return { visible: sight !== "hidden" || own.includes(z), clear: sight === "clear" };
  });
  const targetVisible = seen.some((s) => s.visible);
  return { targetVisible, concealment: targetVisible && !seen.some((s) => s.visible && s.clear) };
}
