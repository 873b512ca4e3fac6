import { applied, refuse, type Outcome } from "../../shared/outcome.js";
import type { AttackEvent } from "../pipeline.js";
import type { StrainCharacter } from "./character.js";

/**
 * STR-51: a target benefits from one Buff at a time. Targeted by another, it chooses to end the old
 * one ("endOld") or decline the new one ("declineNew"); with no Buff the new one simply lands.
 */
export function receiveBuff(
  target: StrainCharacter,
  buff: string,
  choice: "endOld" | "declineNew",
): Outcome<StrainCharacter, AttackEvent> {
  if (typeof buff !== "string" || buff === "") return refuse("MalformedBuff", "a Buff needs a name", "STR-51");
  if (target.buff === null) return applied({ ...target, buff }, [{ type: "buffGained", combatant: target.id, buff }]);
  if (choice === "declineNew")
    return applied(target, [{ type: "buffDeclined", combatant: target.id, buff, kept: target.buff }]);
  return applied({ ...target, buff }, [
    { type: "buffEnded", combatant: target.id, buff: target.buff },
    { type: "buffGained", combatant: target.id, buff },
  ]);
}

/** The Terrain Effects on the map, keyed by the character that created each: one per creator (STR-50). */
export type TerrainEffects = Readonly<Record<string, string>>;

/** STR-50: creating a Terrain Effect removes the creator's previous one. */
export function placeTerrainEffect(
  effects: TerrainEffects,
  creator: string,
  effect: string,
): Outcome<TerrainEffects, AttackEvent> {
  if (typeof effect !== "string" || effect === "")
    return refuse("MalformedTerrainEffect", "a Terrain Effect needs a name", "STR-50");
  const events: AttackEvent[] = [];
  const old = effects[creator];
  if (old !== undefined) events.push({ type: "terrainEffectRemoved", creator, effect: old });
  events.push({ type: "terrainEffectPlaced", creator, effect });
  return applied({ ...effects, [creator]: effect }, events);
}
