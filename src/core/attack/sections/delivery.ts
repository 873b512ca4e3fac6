import { actionRange, countsAsRanged, type ActionEntries, type ActionKind } from "../../space/sections/action-range.js";

/**
 * How an Action travels, as its card says (SEC-28, SEC-29, SEC-40): the kind its range entry makes, and Area Attack.
 */
export interface AttackDelivery {
  readonly kind: ActionKind;
  readonly area: boolean;
}

export const ACTION_KINDS: readonly ActionKind[] = ["melee", "reach", "ranged", "thrown"];

/** A melee blow: no range entry, not an Area Attack (a weapon alone carries no range entry). */
export const MELEE: AttackDelivery = { kind: "melee", area: false };

/** The delivery an Action's range entries and Area Attack make (SEC-28/29, SEC-40). */
export function actionDelivery(entries: ActionEntries): AttackDelivery {
  return { kind: actionRange(entries).kind, area: entries.area !== undefined };
}

export function isAttackDelivery(v: unknown): v is AttackDelivery {
  const d = v as Partial<AttackDelivery> | null;
  return (
    typeof d === "object" && d !== null && ACTION_KINDS.includes(d.kind as ActionKind) && typeof d.area === "boolean"
  );
}

/** SEC-47/48: only a non-Area ranged attack can be Intercepted or stopped by a Block at a distance. */
export function isNonAreaRanged(d: AttackDelivery, thrownCountsAsRanged: boolean): boolean {
  return !d.area && countsAsRanged(d.kind, thrownCountsAsRanged);
}

/** SEC-72 ruling: Ranged and Thrown attacks cannot reach an underwater target, whatever the Thrown option says. */
export function cannotReachUnderwater(d: AttackDelivery): boolean {
  return d.kind === "ranged" || d.kind === "thrown";
}
