import type { EscalationFeat } from "../../core/attack/escalation/combatant.js";
import { valueAt } from "../../core/shared/guards.js";
import { ESCALATION_FEATS, escalationFeat } from "./specs/escalation-feat.js";

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
    if (typeof f === "string" && f !== "other" && (ESCALATION_FEATS as readonly string[]).includes(f) && !out.includes(f as EscalationFeat))
      out.push(f as EscalationFeat);
  }
  return out;
}
