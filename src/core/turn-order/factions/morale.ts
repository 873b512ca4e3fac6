import type { CombatantId, SideId } from "../types.js";
import { inFight } from "./in-play.js";
import type { FactionsMember, FactionsState } from "./types.js";

/** FAC-53: a character fighting alone must check morale once damage brings it to half its health or less. */
export function atHalfHealthOrLess(c: { readonly health: number; readonly maxHealth: number }): boolean {
  return c.maxHealth > 0 && c.health * 2 <= c.maxHealth;
}

/**
 * FAC-55, FAC-56: a character immune to fear is immune to morale, and one that passed a morale check is not
 * subject to morale for the rest of the fight.
 */
export function immuneToMorale(c: { readonly immuneToFear: boolean; readonly moraleExempt: boolean }): boolean {
  return c.immuneToFear || c.moraleExempt;
}

/** A faction whose characters must check morale, and why: its group is halved, or its lone fighter is. */
export interface MoraleDue {
  side: SideId;
  combatants: CombatantId[];
  reason: string;
}

/** FAC-53..56: who must check morale at the end of this round. */
export function moraleCandidates(s: FactionsState): MoraleDue[] {
  const due: MoraleDue[] = [];
  for (const f of s.factions) {
    const start = s.startNumbers[f] ?? 0;
    // FAC-53 ruling: still standing means in the fight, able and not surrendered. Subject: not immune to morale.
    let standing = 0;
    const subject: CombatantId[] = [];
    let first: FactionsMember | undefined;
    for (const id of s.roster) {
      const m = s.members[id];
      if (m === undefined || m.faction !== f || !inFight(m) || !m.able || m.surrendered) continue;
      standing++;
      if (immuneToMorale(m)) continue;
      subject.push(m.id);
      first ??= m;
    }
    if (first === undefined) continue;
    if (start >= 2 && standing * 2 <= start) due.push({ side: f, combatants: subject, reason: "group" });
    else if (start === 1 && atHalfHealthOrLess(first)) due.push({ side: f, combatants: [first.id], reason: "alone" });
  }
  return due;
}
