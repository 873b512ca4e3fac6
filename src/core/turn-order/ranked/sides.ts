import type { CombatantId, SideId } from "../types.js";

/** When a fight with more than two sides ends; with two sides both readings agree (ESC-63, STR-04). */
export type EndWhen = "oneSideLeft" | "anySideDown";

export interface SideMember {
  readonly id: CombatantId;
  readonly side: SideId;
  /** Still fighting: not defeated, fled, unwilling, incapacitated or out. */
  readonly standing: boolean;
}

export function sidesOf(members: readonly { readonly side: SideId }[]): SideId[] {
  const seen: SideId[] = [];
  for (const m of members) if (!seen.includes(m.side)) seen.push(m.side);
  return seen;
}

/** The sides still standing, or null while the fight goes on. */
export function victorsIfOver(members: readonly SideMember[], endWhen: EndWhen): SideId[] | null {
  const sides = sidesOf(members);
  const standing = sides.filter((s) => members.some((m) => m.side === s && m.standing));
  const down = sides.length - standing.length;
  if (endWhen === "anySideDown" ? down > 0 : standing.length <= 1) return standing;
  return null;
}
