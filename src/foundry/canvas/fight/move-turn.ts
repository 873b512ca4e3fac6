import type { MoveGrant } from "../../../core/economy/sections.js";
import type { ClimbAfterMove } from "../../../core/turn-order/sections/types.js";
import { currentJournal, readFight } from "../../combat/fight/journal.js";
import type { CombatMode } from "../../combat/fight/combat-mode.js";
import type { CombatLike } from "../../combat/fight/ports.js";
import { handleTurnRequest, type TurnRequestContext } from "../../combat/requests/turn-request.js";
import { deny, type RequestAnswer } from "../../requests/request-answer.js";
import { budgetOf, moveCommand, type MoveBudget, type MoveOrigin } from "./move-budget.js";

/** A token's place in a started fight: the combat and the combatant the token stands for. */
export interface MoveFight {
  readonly combat: CombatLike;
  readonly combatant: string;
}

/** The turn a move is made in: the combat type, the revision the budget was read at, and the budget left. */
export interface MoveTurn {
  readonly fight: MoveFight;
  readonly mode: string;
  readonly revision: number;
  readonly budget: MoveBudget;
  /** Whether the mover's combatant is the one taking its turn now. */
  readonly acting: boolean;
}

/** Each combatant's turn in one combat, its stored journal read and replayed once for them all. */
export function combatTurns(
  modeOf: (id: string) => CombatMode | undefined,
  combat: CombatLike,
): (combatant: string) => MoveTurn | null | RequestAnswer {
  const stored = readFight(combat.system);
  if (stored.kind === "none") return () => null;
  const damaged = deny("FightDamaged", "the stored fight is damaged; the GM can rebuild or restart it");
  if (stored.kind === "damaged") return () => damaged;
  const mode = modeOf(stored.journal.engine);
  if (!mode) {
    const unknown = deny("UnknownMode", `no turn order engine ${stored.journal.engine}`);
    return () => unknown;
  }
  const journal = currentJournal(mode, stored.journal);
  if (!journal) return () => damaged;
  const view = mode.engine.view(journal.state);
  return (combatant) => ({
    fight: { combat, combatant },
    mode: mode.id,
    revision: journal.revision,
    budget: budgetOf(view, combatant),
    acting: view.acting === combatant,
  });
}

/**
 * The fight a move is allowed in, as the GM's approval keeps it: the combat and its journal's revision, which every
 * recorded step and every undo bumps. "none" outside a begun fight, so a move allowed before Begin is not the fight's.
 */
export function fightKey(turn: MoveTurn | null | RequestAnswer): string {
  if (turn === null) return "none";
  if ("ok" in turn) return "damaged";
  return `${turn.fight.combat.id ?? ""}@${turn.revision}`;
}

/**
 * The move's turn step, recorded through the one turn request path as if the mover had clicked it: the sender's
 * authority, the revision the budget was read at (a step recorded in between makes this one stale, so two moves
 * cannot both spend one budget), and the engine's refusal (not your turn, no Move left) before the token moves. A
 * sections move that took a card's grant (SEC-06) records the granted Move naming it, which the engine takes.
 */
export async function spendMove(
  turns: TurnRequestContext,
  turn: MoveTurn,
  spent: { readonly cost: number; readonly grant?: MoveGrant; readonly climb?: ClimbAfterMove },
  origin: MoveOrigin,
  senderId: string,
): Promise<RequestAnswer> {
  const command = moveCommand(turn.mode, turn.fight.combatant, spent.cost, origin, spent.grant, spent.climb);
  if (!command) return { ok: true };
  return handleTurnRequest(
    turns,
    { combatId: turn.fight.combat.id ?? "", command, revision: turn.revision },
    senderId,
    "moveCheck",
  );
}
