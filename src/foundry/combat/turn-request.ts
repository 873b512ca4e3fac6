import { record, undo, withCurrentState, type Journal } from "../../core/shared/journal.js";
import type { TurnEvent } from "../../core/turn-order/types.js";
import type { CombatLike, UserLike } from "./ports.js";
import { GM_ONLY_COMMANDS, isTurnCommand, type TurnAnswer, type TurnCommand, type TurnRequest } from "./turn-command.js";
import { updateForJournal } from "./combat-update.js";
import type { CombatMode } from "./modes.js";

export type AnyJournal = Journal<unknown, unknown, TurnCommand>;

export interface TurnRequestContext {
  readonly combat: (id: string) => CombatLike | undefined;
  readonly user: (id: string) => UserLike | undefined;
  readonly mode: (mode: string) => CombatMode | undefined;
  /** The side each combatant belongs to, for a `pass` (the faction or team of the combatant). */
  readonly sideOf: (combat: CombatLike, combatantId: string) => string | null;
}

// One request at a time per combat on the GM's client: the second of two simultaneous clicks
// sees the first one's revision and is refused as stale.
const queues = new Map<string, Promise<unknown>>();

export function handleTurnRequest(ctx: TurnRequestContext, request: unknown, userId: string): Promise<TurnAnswer> {
  const combatId = typeof request === "object" && request !== null ? String((request as { combatId?: unknown }).combatId) : "";
  const previous = queues.get(combatId) ?? Promise.resolve();
  const next = previous.then(() => decide(ctx, request, userId));
  queues.set(
    combatId,
    next.catch(() => undefined),
  );
  return next;
}

async function decide(ctx: TurnRequestContext, request: unknown, userId: string): Promise<TurnAnswer> {
  if (!isRequest(request)) return deny("BadRequest", "the request is not a turn command");
  const user = ctx.user(userId);
  if (!user) return deny("UnknownUser", `no user ${userId}`);
  const combat = ctx.combat(request.combatId);
  if (!combat) return deny("UnknownCombat", `no combat ${request.combatId}`);
  const stored = journalOf(combat);
  if (!stored) return deny("CombatNotStarted", "the combat has not started");
  const mode = ctx.mode(stored.engine);
  if (!mode) return deny("UnknownMode", `no turn order engine ${stored.engine}`);
  const engine = mode.engine;
  // A fight stored by an earlier version of Fray goes on from its log: nothing of it is lost.
  const journal = withCurrentState(engine, stored);

  const denied = authorise((id) => ctx.sideOf(combat, id), mode, journal, combat, user, request.command);
  if (denied) return denied;

  if (request.revision !== journal.revision) {
    return deny("StaleRevision", `made against revision ${request.revision}, the fight is at ${journal.revision}`, {
      expected: request.revision,
      actual: journal.revision,
    });
  }
  const outcome = request.command.type === "undo" ? undo(engine, journal) : record(engine, journal, request.command);
  if (!outcome.ok) return { ok: false, key: outcome.key, reason: outcome.reason, ...(outcome.data ? { data: outcome.data } : {}) };

  const events: readonly TurnEvent[] =
    request.command.type === "undo" ? [{ type: "undone", by: user.id ?? "" }] : (outcome.events as readonly TurnEvent[]);
  await combat.update(updateForJournal(mode, outcome.state, events, combat), { fray: { revision: outcome.state.revision } });
  return { ok: true, revision: outcome.state.revision };
}

/**
 * Ownership: a player may only command combatants they own, send a side's command only for a side
 * they have a visible member in, and never a GM-only command. The tracker asks the same question
 * to decide which buttons to show, so what a player sees is what the GM accepts.
 */
export function authorise(
  sideOf: (combatantId: string) => string | null,
  mode: CombatMode,
  journal: AnyJournal,
  combat: Pick<CombatLike, "combatants">,
  user: UserLike,
  command: TurnCommand,
): TurnAnswer | null {
  if (user.isGM) return null;
  if (GM_ONLY_COMMANDS.has(command.type)) return deny("GmOnly", `only a GM may ${command.type}`);
  if (command.combatant !== undefined) {
    const c = combat.combatants.get(command.combatant);
    // A hidden combatant is answered exactly like a missing one, so a refusal reveals nothing.
    if (!c || c.hidden) return deny("UnknownCombatant", `no combatant ${command.combatant}`);
    if (!c.testUserPermission(user, "OWNER"))
      return deny("NotYourCombatant", `${user.name} does not own ${c.name}`, { name: c.name ?? "" });
    return null;
  }
  if (command.side !== undefined) {
    const side = mode.issuingSide ? mode.issuingSide(command, mode.engine.view(journal.state)) : command.side;
    const mine = combat.combatants.contents.some(
      (c) => !c.hidden && c.id !== null && sideOf(c.id) === side && c.testUserPermission(user, "OWNER"),
    );
    return mine ? null : deny("NotYourSide", `${user.name} has no combatant on side ${side}`);
  }
  return deny("GmOnly", `only a GM may ${command.type}`);
}

export function journalOf(combat: CombatLike): AnyJournal | null {
  const sys = combat.system as { journal?: unknown } | null;
  const j = sys?.journal as Partial<AnyJournal> | null | undefined;
  return j && typeof j.engine === "string" && typeof j.revision === "number" && Array.isArray(j.log) ? (j as AnyJournal) : null;
}

function isRequest(r: unknown): r is TurnRequest {
  if (typeof r !== "object" || r === null) return false;
  const v = r as Record<string, unknown>;
  return typeof v.combatId === "string" && typeof v.revision === "number" && isTurnCommand(v.command);
}

function deny(name: string, reason: string, data?: Record<string, string | number>): TurnAnswer {
  return { ok: false, key: `FRAY.Refusal.${name}`, reason, ...(data ? { data } : {}) };
}
