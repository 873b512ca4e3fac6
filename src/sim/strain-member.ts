import type { SimStrainMember } from "./types.js";

/**
 * The member with a new Fatigue Load and Statuses, as one literal with every field in one order: the fight's
 * own copies then all share one shape (spreads over the many shapes a fight makes measured ~10x slower here).
 */
export function copyMember(u: SimStrainMember, fatigueLoad: number, statuses: Readonly<Record<string, number>>): SimStrainMember {
  return {
    id: u.id,
    arts: u.arts,
    resilience: u.resilience,
    evasion: u.evasion,
    resolve: u.resolve,
    fatigueLoad,
    fatigueTolerance: u.fatigueTolerance,
    stressLoad: u.stressLoad,
    stressTolerance: u.stressTolerance,
    wounds: u.wounds,
    statuses,
    stance: u.stance,
    incapacitated: u.incapacitated,
    removed: u.removed,
    buff: u.buff,
    initiative: u.initiative,
  };
}

/**
 * The member in the fight's one shape. The strain helpers copy by spreading, and members of mixed shapes made every
 * later read and copy of them slower: their results are brought back to this shape before the fight keeps them.
 */
export function sameMember(u: SimStrainMember): SimStrainMember {
  return copyMember(u, u.fatigueLoad, u.statuses);
}

/**
 * The member as the fight first holds it, with the ticking Statuses always present (0 stacks reads as none):
 * every Status record the fight makes then has one shape too.
 */
export function fightMember(m: SimStrainMember): SimStrainMember {
  return copyMember(m, m.fatigueLoad, { vulnerable: 0, stunned: 0, ...m.statuses });
}

/**
 * The member with each Status the simulator ticks down at the end of its bearer's turn (STR-10 End of Turn b:
 * Vulnerable and Stunned) one stack lower; the same member when neither has stacks (one copy at most). The two are
 * read by name, not in a loop over a list of names: a read under a name held in a variable is a keyed load.
 */
export function tickDown(u: SimStrainMember): SimStrainMember {
  const vulnerable = u.statuses["vulnerable"] ?? 0;
  const stunned = u.statuses["stunned"] ?? 0;
  if (vulnerable <= 0 && stunned <= 0) return u;
  const statuses: Record<string, number> = { ...u.statuses };
  if (vulnerable > 0) statuses["vulnerable"] = vulnerable - 1;
  if (stunned > 0) statuses["stunned"] = stunned - 1;
  return copyMember(u, u.fatigueLoad, statuses);
}

/** The Status stacks with `n` more of `status` (as addStacks does, without copying the member). */
export function withStack(statuses: Readonly<Record<string, number>>, status: string, n: number): Record<string, number> {
  const next: Record<string, number> = { ...statuses };
  next[status] = (statuses[status] ?? 0) + n;
  return next;
}
