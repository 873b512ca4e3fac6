import type { SimStrainMember } from "./types.js";

/**
 * The member with a new Fatigue Load and Statuses, as one literal with every field in one order: the fight's
 * own copies then all share one shape (spreads over the many shapes a fight makes measured ~10x slower here).
 */
function copyMember(
  u: SimStrainMember,
  fatigueLoad: number,
  statuses: Readonly<Record<string, number>>,
): SimStrainMember {
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
 * The member as the fight first holds it, with the ticking Statuses always present (0 stacks reads as none):
 * every Status record the fight makes then has one shape too.
 */
export function fightMember(m: SimStrainMember): Working {
  return copyMember(m, m.fatigueLoad, { vulnerable: 0, stunned: 0, ...m.statuses });
}

/**
 * A member as the fight holds it: its own copy, made by fightMember with a Status record of its own. Only the fight
 * holds it, so the rules change it in place (the attack module's in-place forms, and the Load and Status stacks the
 * fight adds itself) instead of copying sixteen fields each time.
 */
export type Working = { -readonly [K in Exclude<keyof SimStrainMember, "statuses">]: SimStrainMember[K] } & {
  readonly statuses: Record<string, number>;
};

/**
 * Each Status the simulator ticks down at the end of its bearer's turn (STR-10 End of Turn b: Vulnerable and
 * Stunned) one stack lower, in the fight's own member. The two are read by name, not in a loop over a list of
 * names: a read under a name held in a variable is a keyed load.
 */
export function tickDown(u: SimStrainMember): void {
  const statuses = u.statuses as Record<string, number>;
  const vulnerable = statuses["vulnerable"] ?? 0;
  const stunned = statuses["stunned"] ?? 0;
  if (vulnerable > 0) statuses["vulnerable"] = vulnerable - 1;
  if (stunned > 0) statuses["stunned"] = stunned - 1;
}

/** STR-55 and STR-41 on the fight's own member: +1 Fatigue Load when `taken`, +1 Vulnerable when `vulnerable`. */
export function hit(u: SimStrainMember, taken: boolean, vulnerable: boolean): void {
  if (taken) (u as Working).fatigueLoad = u.fatigueLoad + 1;
  if (vulnerable) {
    const statuses = u.statuses as Record<string, number>;
    statuses["vulnerable"] = (statuses["vulnerable"] ?? 0) + 1;
  }
}
