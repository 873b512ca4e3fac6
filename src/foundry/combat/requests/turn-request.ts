import { dealing } from "../../../core/shared/dealing.js";
import { commandsOf, record, undo } from "../../../core/shared/journal.js";
import type { TurnEvent } from "../../../core/turn-order/types.js";
import type { DiceSpeaker, DiceTray } from "../../dice/dice-tray.js";
import { OneAtATime } from "../../requests/one-at-a-time.js";
import { deny, type RequestAnswer } from "../../requests/request-answer.js";
import { authorise } from "./authority.js";
import { checkCardPlay, type CardPlay } from "./card-play.js";
import {
  callFoundryTurnHooks,
  turnUpdateOptions,
  updateForJournal,
  type TimeSettings,
} from "../turns/combat-update.js";
import type { HookBus } from "../turns/fray-hooks.js";
import { currentFight, readFight, sidesOf } from "../fight/journal.js";
import type { CombatMode } from "../fight/combat-mode.js";
import type { CombatLike, UserLike } from "../fight/ports.js";
import { isTurnCommand, isTurnRequest, type TurnCommand } from "../fight/turn-command.js";

/** The request name turn commands travel under on Fray's request channel. */
export const TURN_REQUEST = "turn";

/** How the active GM's client finds what a request names. */
export interface TurnRequestContext {
  readonly combat: (id: string) => CombatLike | undefined;
  readonly user: (id: string) => UserLike | undefined;
  readonly mode: (mode: string) => CombatMode | undefined;
  /** Where Foundry's own combatRound and combatTurn hooks fire (Hooks on the GM's client). */
  readonly hooks: HookBus;
  /** The world's time settings (CONFIG.time): the seconds each round and turn moves the clock. */
  readonly time: () => TimeSettings;
  /** Where the turn order's dice come from: Foundry's Rolls, shown in chat. */
  readonly dice: DiceTray;
  /** What a step's roll message says it was for. */
  readonly flavor: (combat: CombatLike, command: TurnCommand) => string;
  /** Whom a step's roll message speaks for (the command's combatant); none: the user who asked. */
  readonly speaker: (combat: CombatLike, command: TurnCommand) => DiceSpeaker | undefined;
  /** Told of each step the GM undoes, once the undo is written (a token move's step puts the token back). */
  readonly onUndone: (command: TurnCommand) => Promise<void> | void;
  /**
   * Told of each step once it is written, undo too, with the fight's states before and after (the conditions follow).
   */
  readonly onRecorded: (combat: CombatLike, before: unknown, after: unknown) => Promise<void> | void;
  /** SEC-06: what the card `itemId` of the combatant's actor grants when played, read from the GM's own documents. */
  readonly cardPlay: (combat: CombatLike, combatantId: string, itemId: string) => CardPlay | null;
  /**
   * The GM's look at a command's facts on its own documents before the core runs it (a Block's border against the
   * scene's map: canvas/blocks/block-review.ts): the command to run, perhaps with facts the GM filled in, or a refusal.
   */
  readonly review: (
    combat: CombatLike,
    command: TurnCommand,
  ) => TurnCommand | RequestAnswer | Promise<TurnCommand | RequestAnswer>;
}

const perCombat = new OneAtATime();

/**
 * The longest turn command a player may send, as JSON. The fight's journal records a command as it came (a spend's
 * `detail`, an action's `name` are free text), and every client receives the journal: a tracker button's command is a
 * few hundred characters at most, and a longer one would only bloat the Combat document for everyone.
 */
const MAX_COMMAND_CHARS = 2_000;

/**
 * Who made a turn step: a user's request (the socket, a tracker control, a macro), the active GM's own check of a
 * token's move (move-turn.ts), which alone may record where the move began and what it did to a climb, or the GM's
 * opening of an attack card (cards/requests/attack-turn.ts), which alone may name the card the step was spent for.
 */
type TurnStepMaker = "request" | "moveCheck" | "attackCard";

/**
 * The fields of a turn step only the GM's move check records: the move's origin (undo puts the token back there), its
 * climb.
 */
const MOVE_CHECK_FIELDS = ["move", "climb"] as const;

/** The GM's handler for a turn request: `senderId` is Foundry's server's word, never the payload's. */
export function handleTurnRequest(
  ctx: TurnRequestContext,
  payload: unknown,
  senderId: string,
  madeBy: TurnStepMaker = "request",
): Promise<RequestAnswer> {
  const combatId = isTurnRequest(payload) ? payload.combatId : "";
  return perCombat.run(combatId, () => decide(ctx, payload, senderId, madeBy));
}

const refusedWith = (...args: Parameters<typeof deny>) => deny(...args) as Extract<RequestAnswer, { ok: false }>;

/** The combat a request names, its stored fight and turn order, and the journal the engine works on. */
function fightOf(ctx: TurnRequestContext, combatId: string) {
  const combat = ctx.combat(combatId);
  if (!combat) return refusedWith("UnknownCombat", `no combat ${combatId}`);
  const fight = readFight(combat.system);
  if (fight.kind === "none") return refusedWith("CombatNotStarted", "the combat has not started");
  if (fight.kind === "damaged")
    return refusedWith("FightDamaged", "the stored fight is damaged; the GM can rebuild or restart it");
  const mode = ctx.mode(fight.journal.engine);
  if (!mode) return refusedWith("UnknownMode", `no turn order engine ${fight.journal.engine}`);
  // A fight stored by an earlier version of Fray goes on from its log; one whose log no longer replays waits for the
  // GM.
  const current = currentFight(mode, combat.system);
  if (current.kind !== "sound")
    return refusedWith("FightDamaged", "the stored fight is damaged; the GM can rebuild or restart it");
  const journal = current.journal;
  return { combat, fight, mode, journal };
}

async function decide(
  ctx: TurnRequestContext,
  request: unknown,
  senderId: string,
  madeBy: TurnStepMaker,
): Promise<RequestAnswer> {
  if (!isTurnRequest(request)) return deny("BadRequest", "the request is not a turn command");
  const user = ctx.user(senderId);
  if (!user) return deny("UnknownUser", `no user ${senderId}`);
  if (!user.isGM && JSON.stringify(request.command).length > MAX_COMMAND_CHARS)
    return deny("BadRequest", `a command longer than ${MAX_COMMAND_CHARS} characters`);
  const read = fightOf(ctx, request.combatId);
  if ("ok" in read) return read;
  const { combat, fight, mode, journal } = read;
  const denied = authorise({
    combat,
    user,
    command: request.command,
    sides: sidesOf(journal),
    view: () => mode.engine.view(journal.state),
    held: (id) => mode.engine.held(journal.state, id),
  });
  if (denied) return denied;
  const forged = user.isGM ? null : playerForgery(ctx, combat, request.command, madeBy);
  if (forged) return forged;

  if (request.revision !== journal.revision) {
    return deny("StaleRevision", `made against revision ${request.revision}, the fight is at ${journal.revision}`, {
      expected: request.revision,
      actual: journal.revision,
    });
  }
  const reviewed = await ctx.review(combat, request.command);
  if (!isTurnCommand(reviewed)) return reviewed;
  const command = reviewed;
  const cup = ctx.dice.cup();
  const outcome =
    command.type === "undo"
      ? undo(mode.engine, journal)
      : (
          await dealing(
            (dice) => record(mode.engine, journal, command, undefined, dice),
            (sides) => cup.draw(sides),
          )
        ).outcome;
  if (!outcome.ok)
    return { ok: false, key: outcome.key, reason: outcome.reason, ...(outcome.data ? { data: outcome.data } : {}) };

  const events: readonly TurnEvent[] =
    command.type === "undo" ? [{ type: "undone", by: user.id ?? "" }] : outcome.events;
  // Read before the update: the stored journal is the document's own data, which the update changes in place.
  const undone = command.type === "undo" ? commandsOf(journal).at(-1) : undefined;
  const update = updateForJournal(mode, outcome.state, events, combat, fight.journal);
  const options = turnUpdateOptions(mode, journal, outcome.state, events, command.type === "undo", ctx.time());
  callFoundryTurnHooks(ctx.hooks, combat, update, options);
  // Spread once the hooks have run: a module's change to the options (a stopped clock) goes with the update.
  await combat.update(update, { ...options, fray: { revision: outcome.state.revision } });
  if (undone) await ctx.onUndone(undone);
  await ctx.onRecorded(combat, journal.state, outcome.state.state);
  // The dice go to chat once the step they decided is written, with the roll mode of the user who asked.
  const speaker = ctx.speaker(combat, command);
  await cup.show(
    {
      flavor: ctx.flavor(combat, command),
      rollMode: request.rollMode ?? "publicroll",
      userId: user.id ?? "",
      ...(speaker ? { speaker } : {}),
    },
    events,
  );
  return { ok: true, revision: outcome.state.revision };
}

/**
 * What a player's request may not make up: where a move began and what it did to a climb (SEC-16; the GM's undo of a
 * move puts a token back there), which only the GM's move check records; and a card play granting more than the card
 * on the GM's documents grants.
 */
function playerForgery(
  ctx: TurnRequestContext,
  combat: CombatLike,
  played: TurnCommand,
  madeBy: TurnStepMaker,
): RequestAnswer | null {
  const sent = played as unknown as Record<string, unknown>;
  if (madeBy !== "moveCheck" && MOVE_CHECK_FIELDS.some((f) => Object.hasOwn(sent, f)))
    return deny("MadeByMoveCheck", "a move's origin and climb are recorded by the GM's check of the token's move");
  // The GM's undo of a step naming a card voids that card: only the card's own opening names one.
  if (madeBy !== "attackCard" && Object.hasOwn(sent, "attackCard"))
    return deny(
      "MadeByAttackCard",
      "the card an attack step was spent for is recorded by the GM's opening of the card",
    );
  return checkCardPlay(
    played,
    (id) => ctx.cardPlay(combat, played.combatant ?? "", id),
    (id) => combat.combatants.get(id)?.hidden === false,
  );
}
