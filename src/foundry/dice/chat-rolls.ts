import type { DealtDie } from "../../core/shared/dealing.js";
import { isList, isRecord } from "../../core/shared/guards.js";
import type { Dice3dLike } from "../game/game-port.js";
import { foundryRoll } from "./foundry-rolls.js";
import { stepRolls, type RollPurpose } from "./step-rolls.js";

/**
 * A step's Foundry rolls, one per roll the core made (step-rolls.ts), for the chat (foundry-dice-tray.ts) and a sealed
 * card's 3D dice (sealed-dice.ts).
 */
export function chatRolls(
  made: readonly unknown[],
  drawn: readonly DealtDie[] | null,
  unheld?: RollPurpose,
): ReturnType<typeof foundryRoll>[] {
  return stepRolls(made, drawn, unheld).map(foundryRoll);
}

/** Animate a step's rolls on this client only: `synchronize` false, so Dice So Nice sends them to no other client. */
export async function showRollsHere(
  api: Dice3dLike,
  user: User | null,
  made: readonly unknown[],
  drawn: readonly DealtDie[] | null,
): Promise<void> {
  for (const roll of chatRolls(made, drawn)) await api.showForRoll(roll, user, false);
}

/**
 * What a sealed card's new revision rolled, from the state its viewer's client held before and the one it just
 * received: an attack card's events past those it held (none after an undo), a move card's effect and outcome when
 * the outcome is new. A card this client never held shows its dice only as it opened (an attack card nobody has
 * stepped yet, a move card's one roll): one fetched again later (a reload) replays nothing.
 */
export function newlyRolled(held: unknown, data: unknown): unknown[] {
  if (!isRecord(data)) return [];
  if (isList(data.events)) {
    if (isRecord(held) && isList(held.events)) return data.events.slice(held.events.length);
    const journal = isRecord(data.journal) ? data.journal : null;
    return journal && journal.length === data.openingSteps ? [...data.events] : [];
  }
  if (data.outcome === undefined || data.outcome === null) return [];
  return isRecord(held) && held.outcome !== null && held.outcome !== undefined ? [] : [data.effect, data.outcome];
}
