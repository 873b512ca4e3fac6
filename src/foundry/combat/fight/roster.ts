/**
 * A combatant as the setup builders see it: identity, side and the few statistics turn order
 * needs, read from Foundry documents by combat-roster.ts. Pure data.
 */
export interface RosterEntry {
  readonly id: string;
  readonly name: string;
  /** Team or faction: the CombatantGroup, else the actor's own side, else the token's disposition. */
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

/**
 * What a token's disposition makes a combatant's side when nobody chose one, in the turn order's own words: the
 * players' side (strain's and escalation's "pc", whom the pcFirst tie-break and Round Zero know) and the other one.
 */
export interface DispositionSides {
  readonly friendly: string;
  readonly hostile: string;
}

export const DISPOSITION_SIDES: DispositionSides = { friendly: "friendly", hostile: "hostile" };

/** The side a token's disposition gives (Foundry's 1 friendly, 0 neutral, -1 hostile, -2 secret; no token: neutral). */
export function sideOfDisposition(disposition: number | null, sides: DispositionSides): string {
  if (disposition === 1) return sides.friendly;
  if (disposition === -1) return sides.hostile;
  return disposition === -2 ? "secret" : "neutral";
}

/** Every side a disposition can give in a turn order, friendly first. */
export function dispositionSideIds(sides: DispositionSides): string[] {
  return [sides.friendly, "neutral", sides.hostile, "secret"];
}

/** Sides in order of first appearance: the default initiative order the GM can reorder before the start. */
export function sidesInOrder(roster: readonly RosterEntry[]): string[] {
  return [...new Set(roster.map((r) => r.side))];
}
