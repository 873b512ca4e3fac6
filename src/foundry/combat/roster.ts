/**
 * A combatant as the setup builders see it: identity, side and the few statistics turn order
 * needs, read from Foundry documents by combat-roster.ts. Pure data.
 */
export interface RosterEntry {
  readonly id: string;
  readonly name: string;
  /** Team or faction: the CombatantGroup, else the token's disposition. */
  readonly side: string;
  readonly hidden: boolean;
  /** Statistics by name: agility, initiative, wit, stamina, focus, health, healthMax, ... */
  readonly stats: Readonly<Record<string, number | boolean | string | undefined>>;
}

export function num(entry: RosterEntry, key: string, fallback = 0): number {
  const v = entry.stats[key];
  return typeof v === "number" && Number.isFinite(v) ? v : fallback;
}

export function flag(entry: RosterEntry, key: string): boolean {
  return entry.stats[key] === true;
}

/** Sides in order of first appearance: the default initiative order the GM can reorder before the start. */
export function sidesInOrder(roster: readonly RosterEntry[]): string[] {
  return [...new Set(roster.map((r) => r.side))];
}
