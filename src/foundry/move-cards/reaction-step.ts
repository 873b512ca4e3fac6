import { attackCost } from "../../core/turn-order/attack-cost.js";
import type { OfferedEffect } from "../../core/space/move-effects.js";
import type { TurnCommand } from "../combat/fight/turn-command.js";
import { handleTurnRequest, type TurnRequestContext } from "../combat/requests/turn-request.js";
import type { Fighter } from "../canvas/fight/scene-fight.js";
import type { RequestAnswer } from "../requests/request-answer.js";

/**
 * The turn order's own step for taking an offered attack in a started fight: ESC-39 spends one of the unit's free hit
 * slots (the ranked order's `freeHit`), FAC-23 is a reaction, which uses the character's turn (FAC-14, factions'
 * `react`). Null where the turn order keeps no count of it.
 */
export function reactionCommand(mode: string, combatant: string, effect: OfferedEffect): TurnCommand | null {
  // What the attack costs is the core's rule (attack-cost.ts); a turn order with no such reaction counts nothing.
  const steps = attackCost(mode, combatant, effect.kind);
  return Array.isArray(steps) ? ((steps as readonly TurnCommand[])[0] ?? null) : null;
}

/**
 * Record that step through the one turn request path, as if the attacker's owner had clicked it (their authority, the
 * revision read now); the engine's refusal (no free hit slot left, the turn already used) refuses the offer. Outside a
 * started fight nothing is recorded.
 */
export async function spendReaction(
  turns: TurnRequestContext,
  fighter: Fighter | undefined,
  effect: OfferedEffect,
  senderId: string,
): Promise<RequestAnswer> {
  const turn = fighter?.turn ?? null;
  if (turn === null) return { ok: true };
  if ("ok" in turn) return turn;
  const { combat, combatant } = turn.fight;
  const command = reactionCommand(turn.mode, combatant, effect);
  if (!command) return { ok: true };
  return handleTurnRequest(turns, { combatId: combat.id ?? "", command, revision: turn.revision }, senderId);
}
