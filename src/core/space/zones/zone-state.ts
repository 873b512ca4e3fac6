import { refuse, type Refusal } from "../../shared/outcome.js";
import { checkZoneMap, type ZoneMap } from "./zone-map.js";
import { checkPlace, type ZonePlace } from "./zone-place.js";

export interface ZoneCharacter {
  readonly id: string;
  readonly faction: string;
  readonly at: ZonePlace;
  /** FAC-06, FAC-07: zones moved so far this turn (in halves), so movement can be split around actions. */
  readonly moved: number;
  /**
   * FAC-23: the enemies whose opportunity attack already interrupted this character's movement, which resumes now
   * (ruling): moving on away from them does not offer them a second one.
   */
  readonly provoked?: readonly string[];
}

export interface ZoneState {
  readonly map: ZoneMap;
  readonly characters: readonly ZoneCharacter[];
}

export function checkZoneState(state: unknown): Refusal | null {
  if (typeof state !== "object" || state === null)
    return refuse("MalformedZoneMap", "the zone state is missing", "FAC-06");
  const s = state as { map?: unknown; characters?: unknown };
  const bad = checkZoneMap(s.map);
  if (bad) return bad;
  if (!Array.isArray(s.characters))
    return refuse("MalformedZoneMap", "the zone state needs a list of characters", "FAC-06");
  const seen: string[] = [];
  for (const c of s.characters as unknown[]) {
    if (typeof c !== "object" || c === null) return refuse("MalformedZoneMap", "a character is missing", "FAC-06");
    const q = c as Partial<ZoneCharacter>;
    if (typeof q.id !== "string" || typeof q.faction !== "string")
      return refuse("MalformedZoneMap", "every character needs an id and a faction", "FAC-06");
    if (seen.includes(q.id))
      return refuse("DuplicateCharacter", `character ${q.id} is placed twice`, undefined, { id: q.id });
    seen.push(q.id);
    const place = checkPlace(s.map as ZoneMap, q.at);
    if (place) return place;
    if (typeof q.moved !== "number" || !Number.isFinite(q.moved) || q.moved < 0)
      return refuse("NegativeMovement", `character ${q.id} cannot have moved a negative distance`, "FAC-06", {
        id: q.id,
      });
    if (q.provoked !== undefined && !(Array.isArray(q.provoked) && q.provoked.every((x) => typeof x === "string")))
      return refuse("MalformedZoneMap", `character ${q.id} names the enemies it provoked as a list of ids`, "FAC-23", {
        id: q.id,
      });
  }
  return null;
}

export function characterById(state: ZoneState, id: string): ZoneCharacter | undefined {
  return state.characters.find((c) => c.id === id);
}

/** A well-formed state and the character in it, or the refusal of either. */
export function characterIn(state: ZoneState, id: string): ZoneCharacter | Refusal {
  const bad = checkZoneState(state);
  if (bad) return bad;
  return characterById(state, id) ?? refuse("UnknownCharacter", `no character ${id} in the zones`, undefined, { id });
}
