import type { OfferedEffect } from "../../core/space/move-effects.js";
import type { TurnCommand } from "../combat/fight/turn-command.js";
import { handleTurnRequest, type TurnRequestContext } from "../combat/requests/turn-request.js";
import { turnOfMove, type MoveFight } from "../canvas/fight/move-turn.js";
import type { RequestAnswer } from "../requests/request-answer.js";

/**
 * The turn order's own step for taking an offered attack in a started fight: ESC-39 spends one of the unit's free hit
 * slots (the ranked order's `freeHit`), FAC-23 is a reaction, which uses the character's turn (FAC-14, factions'
 * `react`). Null where the turn order keeps no count of it.
 */
export function reactionCommand(mode: string, combatant: string, effect: OfferedEffect): TurnCommand | null {
  if (mode === "ranked" && effect.kind === "free-hit") return { type: "freeHit", combatant };
  if (mode === "factions" && effect.kind === "opportunity-attack")
    return { type: "react", combatant, trigger: "opportunity-attack" };
  return null;
}

/**
 * Record that step through the one turn request path, as if the attacker's owner had clicked it (their authority, the
 * revision read now); the engine's refusal (no free hit slot left, the turn already used) refuses the offer. Outside a
 * started fight nothing is recorded.
 */
export async function spendReaction(
  turns: TurnRequestContext,
  fight: MoveFight | undefined,
  effect: OfferedEffect,
  senderId: string,
): Promise<RequestAnswer> {
  if (!fight) return { ok: true };
  const turn = turnOfMove(turns, fight);
  if (turn === null) return { ok: true };
  if ("ok" in turn) return turn;
  const command = reactionCommand(turn.mode, fight.combatant, effect);
  if (!command) return { ok: true };
  return handleTurnRequest(turns, { combatId: fight.combat.id ?? "", command, revision: turn.revision }, senderId);
}
