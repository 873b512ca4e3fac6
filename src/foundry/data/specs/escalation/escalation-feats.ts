import type { EscalationFeat } from "../../../../core/attack/escalation/combatant.js";
import { valueAt } from "../../../../core/shared/guards.js";
import { ESCALATION_FEATS, escalationFeat } from "./escalation-feat.js";

/** An item as an actor holds it: its type and its (untrusted) system data. */
export interface FeatItemLike {
  readonly type: string;
  readonly system: unknown;
}

/**
 * ESC-56..62: the feats the core knows, from an actor's feat items ("other" feats are the GM's to read). One reader
 * for the attack card's unit and the map's melee zone (ESC-60 Reach), so the two never disagree on a feat.
 */
export function escalationFeatsOf(items: Iterable<FeatItemLike>): EscalationFeat[] {
  const out: EscalationFeat[] = [];
  for (const item of items) {
    if (item.type !== escalationFeat.type) continue;
    const f = valueAt(item.system, "feat");
    if (
      typeof f === "string" &&
      f !== "other" &&
      (ESCALATION_FEATS as readonly string[]).includes(f) &&
      !out.includes(f as EscalationFeat)
    )
      out.push(f as EscalationFeat);
  }
  return out;
}

/** ESC-61: how many weapons one Weapon focus feat chooses. */
const FOCUS_WEAPONS = 3;

/**
 * ESC-61: the weapons a unit's Weapon focus feats choose, by name: each feat item's `weapons`, split at commas,
 * at most 3 a feat. The damage step is the core's (damage.ts).
 */
export function focusWeaponsOf(items: Iterable<FeatItemLike>): string[] {
  const out: string[] = [];
  for (const item of items) {
    if (item.type !== escalationFeat.type || valueAt(item.system, "feat") !== "weaponFocus") continue;
    const named = valueAt(item.system, "weapons");
    if (typeof named !== "string") continue;
    const names = named
      .split(",")
      .map((n) => n.trim())
      .filter((n) => n !== "");
    for (const n of names.slice(0, FOCUS_WEAPONS)) if (!out.includes(n)) out.push(n);
  }
  return out;
}
