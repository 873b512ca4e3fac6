import { formatData } from "../i18n.js";
import { COMBAT_MODES } from "./modes.js";
import type { CombatLike } from "./ports.js";
import { sendTurnCommand, TURN_QUERY } from "./turn-client.js";
import type { TurnAnswer, TurnCommand } from "./turn-command.js";
import { handleTurnRequest, journalOf, type TurnRequestContext } from "./turn-request.js";

/** How the active GM's client finds what a request names. */
const gmContext: TurnRequestContext = {
  combat: (id) => game.combats.get(id) ?? undefined,
  user: (id) => game.users.get(id) ?? undefined,
  mode: (id) => COMBAT_MODES[id],
  sideOf: (combat, combatantId) => {
    const j = journalOf(combat);
    const mode = COMBAT_MODES[combat.type];
    if (!j || !mode) return null;
    // The side the core was set up with: the one place sides are decided.
    const setup = j.setup as { combatants?: { id: string; side?: string; team?: string; faction?: string }[] };
    const entry = setup.combatants?.find((c) => c.id === combatantId);
    return entry?.side ?? entry?.team ?? entry?.faction ?? null;
  },
};

/**
 * GM side: answer turn requests from any client. The sender is Foundry's own record of who sent the
 * query when the handler's options carry it; otherwise the id the client put in the request (the
 * Quench batch checks which one a real v13 world provides).
 */
export function registerQueries(): void {
  CONFIG.queries[TURN_QUERY] = (data: object, options?: object) => {
    const o = (options ?? {}) as { userId?: unknown; _userId?: unknown };
    const declared = (data as { userId?: unknown }).userId;
    const sender = [o.userId, o._userId, declared].find((v): v is string => typeof v === "string") ?? "";
    return handleTurnRequest(gmContext, data, sender);
  };
}

/** Any client: ask the active GM to run a command; shows the refusal, if any, as a localised warning. */
export async function requestTurn(combat: CombatLike, command: TurnCommand): Promise<TurnAnswer> {
  const revision = journalOf(combat)?.revision ?? -1;
  const answer = await sendTurnCommand(
    {
      user: game.user,
      activeGM: game.users.activeGM,
      handleHere: (request, userId) => handleTurnRequest(gmContext, request, userId),
    },
    { combatId: combat.id ?? "", command, revision, userId: game.user.id },
  );
  if (!answer.ok) ui.notifications.warn(game.i18n.format(answer.key, formatData(answer.data)));
  return answer;
}
