import type { ZoneCharacter, ZoneMap, ZonePlace, ZoneState } from "../../../../src/core/space/zones/index.js";

/** A - B - C in a row, D hanging off B, E alone. */
export const MAP: ZoneMap = {
  zones: [
    { id: "A", neighbours: ["B"] },
    { id: "B", neighbours: ["A", "C", "D"] },
    { id: "C", neighbours: ["B"] },
    { id: "D", neighbours: ["B"] },
    { id: "E", neighbours: [] },
  ],
};

export const z = (zone: string): ZonePlace => ({ zone });
export const b = (x: string, y: string): ZonePlace => ({ border: [x, y] });

export function who(id: string, faction: string, at: ZonePlace, moved = 0): ZoneCharacter {
  return { id, faction, at, moved };
}

export function zonesWith(...characters: ZoneCharacter[]): ZoneState {
  return { map: MAP, characters };
}
