/** Table options for the silent zone clauses; defaults recorded in docs/rulings.md. */
export interface ZoneOptions {
  /** FAC-06: zones a character may move on its turn. */
  readonly zonesPerTurn: number;
  /** FAC-23 / FAC-29 ruling: "nearby" is the same zone, or also the neighbouring zones. */
  readonly nearby: "same-zone" | "adjacent-zones";
}

export const DEFAULT_ZONE_OPTIONS: ZoneOptions = { zonesPerTurn: 1, nearby: "same-zone" };

export function zoneOptions(overrides: Partial<ZoneOptions> = {}): ZoneOptions {
  return { ...DEFAULT_ZONE_OPTIONS, ...overrides };
}
