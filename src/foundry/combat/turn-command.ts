/** A turn-order command as it travels from a player's client to the GM: engine command plus the revision it was made against. */
export interface TurnCommand {
  readonly type: string;
  readonly combatant?: string;
  readonly side?: string;
  readonly [key: string]: unknown;
}

/** Commands about the fight itself, not one character's turn: only a GM may send them. */
export const GM_ONLY_COMMANDS: ReadonlySet<string> = new Set([
  "setAble",
  "remove",
  "declareEnd",
  "endCombat",
  "setHealth",
  "declarationLapsed",
  "morale",
  "moraleResult",
  "surprise",
  "startRound",
  "fastPhaseThreshold",
  "undo",
]);

export interface TurnRequest {
  readonly combatId: string;
  readonly command: TurnCommand;
  /** The journal revision the sender saw; a stale one is refused so two clicks cannot both win. */
  readonly revision: number;
  /** Who sends it, as the sending client declares it (see queries.ts for how the GM establishes the sender). */
  readonly userId?: string;
}

export type TurnAnswer =
  | { readonly ok: true; readonly revision: number }
  | { readonly ok: false; readonly key: string; readonly reason: string; readonly data?: Readonly<Record<string, string | number>> };

export function isTurnCommand(value: unknown): value is TurnCommand {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.type === "string" &&
    (v.combatant === undefined || typeof v.combatant === "string") &&
    (v.side === undefined || typeof v.side === "string")
  );
}
