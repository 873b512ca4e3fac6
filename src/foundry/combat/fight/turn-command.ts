import { isRecord } from "../../../core/shared/guards.js";
import { isRollMode, type RollMode } from "../../dice/dice-tray.js";

/**
 * A turn-order command as it travels from a player's client to the GM: the engine's command, shape unchecked beyond
 * this.
 */
export interface TurnCommand {
  readonly type: string;
  readonly combatant?: string;
  readonly side?: string;
  readonly [key: string]: unknown;
}

/** The payload of a turn request. Who sent it is never part of it: the GM learns that from Foundry's server. */
export interface TurnRequest {
  readonly combatId: string;
  readonly command: TurnCommand;
  /** The journal revision the sender saw; a stale one is refused so two clicks cannot both win. */
  readonly revision: number;
  /** The sender's roll mode for any dice the command rolls (their choice of privacy, nothing more). */
  readonly rollMode?: RollMode;
}

export function isTurnCommand(value: unknown): value is TurnCommand {
  return (
    isRecord(value) &&
    typeof value.type === "string" &&
    (value.combatant === undefined || typeof value.combatant === "string") &&
    (value.side === undefined || typeof value.side === "string")
  );
}

export function isTurnRequest(r: unknown): r is TurnRequest {
  return (
    isRecord(r) &&
    typeof r.combatId === "string" &&
    Number.isInteger(r.revision) &&
    isTurnCommand(r.command) &&
    (r.rollMode === undefined || isRollMode(r.rollMode))
  );
}
