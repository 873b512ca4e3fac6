import type { CombatantId, SideId } from "../types.js";

/** When a fight with more than two sides ends; with two sides both readings agree (ESC-63, STR-04). */
/** When a fight ends by itself (ESC-63, STR-04 rulings): the choices a table may pick from. */
export const END_WHEN = ["oneSideLeft", "anySideDown"] as const;
export type EndWhen = (typeof END_WHEN)[number];

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

/**
 * victorsIfOver for a list of combatants, without building the member list first (engines run it after
 * every turn): the sides standing in the order the list first names them.
 */
export function victorsAmong<C extends { readonly side: SideId }>(
  combatants: readonly C[],
  standing: (c: C) => boolean,
  endWhen: EndWhen,
): SideId[] | null {
  const sides: SideId[] = [];
  const up: boolean[] = [];
  let upCount = 0;
  for (const c of combatants) {
    let k = sides.indexOf(c.side);
    if (k < 0) {
      k = sides.length;
      sides.push(c.side);
      up.push(false);
    }
    if (!up[k] && standing(c)) {
      up[k] = true;
      upCount++;
    }
  }
  const down = sides.length - upCount;
  if (endWhen === "anySideDown" ? down > 0 : upCount <= 1) return sides.filter((_, k) => up[k]);
  return null;
}

/** Whether victorsAmong would end the fight, without building its lists for the usual two sides. */
export function overAmong<C extends { readonly side: SideId }>(
  combatants: readonly C[],
  standing: (c: C) => boolean,
  endWhen: EndWhen,
): boolean {
  // Two sides are the usual fight: they are tracked in locals, and lists are built only for a third.
  let first: SideId | null = null;
  let second: SideId | null = null;
  let firstUp = false;
  let secondUp = false;
  let more: Map<SideId, boolean> | null = null;
  for (const c of combatants) {
    const side = c.side;
    if (first === null || side === first) {
      first = side;
      if (!firstUp && standing(c)) firstUp = true;
    } else if (second === null || side === second) {
      second = side;
      if (!secondUp && standing(c)) secondUp = true;
    } else {
      more ??= new Map();
      if (more.get(side) !== true) more.set(side, standing(c));
    }
  }
  let sides = (first === null ? 0 : 1) + (second === null ? 0 : 1);
  let upCount = (firstUp ? 1 : 0) + (secondUp ? 1 : 0);
  if (more !== null)
    for (const isUp of more.values()) {
      sides++;
      if (isUp) upCount++;
    }
  return endWhen === "anySideDown" ? sides > upCount : upCount <= 1;
}

/** The sides still standing, or null while the fight goes on. */
export function victorsIfOver(members: readonly SideMember[], endWhen: EndWhen): SideId[] | null {
  const sides = sidesOf(members);
  const standing = sides.filter((s) => members.some((m) => m.side === s && m.standing));
  const down = sides.length - standing.length;
  if (endWhen === "anySideDown" ? down > 0 : standing.length <= 1) return standing;
  return null;
}
