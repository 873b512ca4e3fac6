/** The range entries of an Action (SEC-28) and its Area Attack / Incantation descriptors. */
export interface ActionEntries {
  readonly range?: number;
  readonly thrown?: number;
  readonly reach?: number;
  /** SEC-40: targets every entity in one section, optionally only enemies or allies, optionally not the attacker. */
  readonly area?: { readonly only?: "enemies" | "allies"; readonly excludeAttacker?: boolean };
  readonly incantation?: boolean;
}

export type ActionKind = "melee" | "reach" | "ranged" | "thrown";

/** SEC-28/29: the range comes from Range, Thrown or Reach; with none it is 0 and the Action is melee. */
export function actionRange(a: Pick<ActionEntries, "range" | "thrown" | "reach">): {
  readonly range: number;
  readonly kind: ActionKind;
} {
  const range = Math.max(a.range ?? 0, a.thrown ?? 0, a.reach ?? 0);
  const kind: ActionKind =
    a.range !== undefined ? "ranged" : a.thrown !== undefined ? "thrown" : a.reach !== undefined ? "reach" : "melee";
  return { range, kind };
}

/**
 * SEC-47 ruling: Range is ranged; Thrown is when the table counts it so (option thrownCountsAsRanged); Reach and melee
 * never.
 */
export function countsAsRanged(kind: ActionKind, thrownCountsAsRanged: boolean): boolean {
  return kind === "ranged" || (kind === "thrown" && thrownCountsAsRanged);
}

/** SEC-29: an Action without Range or Thrown is a melee attack, Reach included. */
export function isMeleeAction(kind: ActionKind): boolean {
  return kind === "melee" || kind === "reach";
}
