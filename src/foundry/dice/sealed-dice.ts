import { isRecord } from "../../core/shared/guards.js";
import { foundryRoll, type Dice3dLike } from "./foundry-rolls.js";
import { stepRolls } from "./step-rolls.js";

/**
 * What a sealed card's new revision rolled, from the state its viewer's client held before and the one it just
 * received: an attack card's events past those it held (none after an undo), a move card's effect and outcome when
 * the outcome is new. A card this client never held shows its dice only as it opened (an attack card nobody has
 * stepped yet, a move card's one roll): one fetched again later (a reload) replays nothing.
 */
export function newlyRolled(held: unknown, data: unknown): unknown[] {
  if (!isRecord(data)) return [];
  if (Array.isArray(data.events)) {
    if (isRecord(held) && Array.isArray(held.events)) return data.events.slice(held.events.length);
    const journal = isRecord(data.journal) ? data.journal : null;
    return journal && journal.length === data.openingSteps ? [...data.events] : [];
  }
  if (data.outcome === undefined || data.outcome === null) return [];
  return isRecord(held) && held.outcome !== null && held.outcome !== undefined ? [] : [data.effect, data.outcome];
}

/**
 * A viewer's client (a private or self roll's roller) received a sealed card: its new dice roll in 3D here, for this
 * client's user, `synchronize` false so Dice So Nice sends them nowhere else. Nothing without Dice So Nice (or outside
 * Foundry, where there is no `game`). The faces are the core's, read from the card's rolls, not rolled again.
 */
export function showSealedDice(held: unknown, data: unknown): void {
  const g = (globalThis as { game?: { dice3d?: Dice3dLike; user?: User } }).game;
  const api = g?.dice3d;
  if (!api) return;
  const shown = stepRolls(newlyRolled(held, data), null);
  if (shown.length === 0) return;
  const user = g.user ?? null;
  void (async () => {
    for (const s of shown) await api.showForRoll(foundryRoll(s), user, false);
  })().catch((e: unknown) => console.warn("Fray | a sealed card's dice were not shown", e));
}
