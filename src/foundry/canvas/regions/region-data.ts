import { isRecord } from "../../../core/shared/guards.js";
import type { Lighting } from "../../../core/space/sections/types.js";
import { ZONE_SIGHTS, type ZoneSight } from "../../../core/space/zones/zone-map.js";

/** The Region behaviour types Fray registers: the key is the type id in system.json and in CONFIG alike. */
export const SECTION_BEHAVIOUR = "fray.section";
export const ZONE_BEHAVIOUR = "fray.zone";

export const LIGHTINGS: readonly Lighting[] = ["lit", "shadowy", "dark"];
export const TERRAINS = ["normal", "difficult"] as const;
export type Terrain = (typeof TERRAINS)[number];
export const BORDER_KINDS = ["soft", "hard"] as const;

/** A border the GM marks on a gridless scene: the neighbouring region, hard or soft, and its Height going there. */
export interface BorderMark {
  readonly neighbour: string;
  readonly kind: "soft" | "hard";
  /** Signed Height crossing from this region into the neighbour (SEC-11); null: the difference of the two Heights. */
  readonly height: number | null;
}

/** What a `fray.section` behaviour holds (SEC-01, SEC-11, SEC-49, SEC-68; STR-23/24 on the grid). */
export interface SectionData {
  /** The section's Height (sections) or the squares' Elevation (grid), in whole steps. */
  readonly height: number;
  readonly lighting: Lighting;
  readonly water: boolean;
  readonly terrain: Terrain;
  readonly borders: readonly BorderMark[];
}

/**
 * What a `fray.zone` behaviour holds: on gridless scenes, the zones it shares a border with (FAC-06); its sight
 * (FAC-29, FAC-33).
 */
export interface ZoneData {
  readonly neighbours: readonly string[];
  readonly sight: ZoneSight;
}

/** One region as the derivation sees it: its id, and the data of its first enabled Fray behaviour of each type. */
export interface RegionSpace {
  readonly id: string;
  readonly section?: SectionData;
  readonly zone?: ZoneData;
}

const pick = <T extends string>(value: unknown, choices: readonly T[], fallback: T): T =>
  typeof value === "string" && (choices as readonly string[]).includes(value) ? (value as T) : fallback;

const whole = (value: unknown): number => (typeof value === "number" && Number.isSafeInteger(value) ? value : 0);

function readMark(x: unknown): BorderMark | null {
  if (!isRecord(x) || typeof x.neighbour !== "string" || x.neighbour === "") return null;
  const height = typeof x.height === "number" && Number.isSafeInteger(x.height) ? x.height : null;
  return { neighbour: x.neighbour, kind: pick(x.kind, BORDER_KINDS, "soft"), height };
}

/** A behaviour's stored system data, read without trusting it: a value out of place falls back to the default. */
export function readSectionData(system: unknown): SectionData {
  const s = isRecord(system) ? system : {};
  const borders = Array.isArray(s.borders) ? s.borders.map(readMark).filter((m): m is BorderMark => m !== null) : [];
  return {
    height: whole(s.height),
    lighting: pick(s.lighting, LIGHTINGS, "lit"),
    water: s.water === true,
    terrain: pick(s.terrain, TERRAINS, "normal"),
    borders,
  };
}

export function readZoneData(system: unknown): ZoneData {
  const s = isRecord(system) ? system : {};
  // Foundry stores a SetField as an array; an initialised model holds a Set.
  const list: unknown[] =
    s.neighbours instanceof Set ? [...(s.neighbours as Set<unknown>)] : Array.isArray(s.neighbours) ? s.neighbours : [];
  return {
    neighbours: [...new Set(list.filter((n): n is string => typeof n === "string" && n !== ""))],
    sight: pick(s.sight, ZONE_SIGHTS, "clear"),
  };
}
