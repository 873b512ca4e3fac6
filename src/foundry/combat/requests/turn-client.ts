import { foundryDiceTray } from "../../dice/foundry-dice-tray.js";
import { isRollMode, type DiceSpeaker, type RollMode } from "../../dice/dice-tray.js";
import { formatData } from "../../i18n.js";
import { commandLabel } from "../../tracker/command-label.js";
import { requests } from "../../requests/register-requests.js";
import type { RequestAnswer } from "../../requests/request-answer.js";
import type { RequestChannel } from "../../requests/request-channel.js";
import { cardPlayOf } from "./card-play.js";
import { combatModeOf } from "../../rulesets/index.js";
import type { CombatLike } from "../fight/ports.js";
import { journalOf } from "../fight/journal.js";
import type { TurnCommand } from "../fight/turn-command.js";
import { handleTurnRequest, TURN_REQUEST, type TurnRequestContext } from "./turn-request.js";
import { theGame, type GamePort } from "../../game/game-port.js";

/** Who hears of a step the GM undid (the canvas puts a move's token back: see whenStepUndone). */
const undoListeners: ((command: TurnCommand) => Promise<void> | void)[] = [];

/** Be told, on the active GM's client, of every turn step undone. */
export function whenStepUndone(listener: (command: TurnCommand) => Promise<void> | void): void {
  undoListeners.push(listener);
}

/** Who hears of every step written (the statuses write the conditions it changed: see whenStepRecorded). */
const recordListeners: TurnRequestContext["onRecorded"][] = [];

/** Be told, on the active GM's client, of every turn step written (undo too), with the fight's states either side. */
export function whenStepRecorded(listener: TurnRequestContext["onRecorded"]): void {
  recordListeners.push(listener);
}

/**
 * Who looks at a command's facts before the core runs it (the canvas checks a Block's border: see reviewTurnCommands).
 */
let reviewer: TurnRequestContext["review"] | undefined;

/** Have the active GM's client look at every turn command's facts on its own documents before the core runs it. */
export function reviewTurnCommands(review: TurnRequestContext["review"]): void {
  reviewer = review;
}

/**
 * How the active GM's client finds what a request names (the token move requests record their steps through it too).
 */
export const gmContext: TurnRequestContext = {
  combat: (id) => theGame().combats.get(id),
  user: (id) => theGame().users.get(id),
  mode: (id) => combatModeOf(id),
  // Read when a request is handled: the Hooks global does not exist yet when this module loads in tests.
  get hooks() {
    return Hooks;
  },
  // Read when a step is recorded: the seconds Foundry's Combat moves the clock by at the end of a round and a turn.
  time: () => CONFIG.time,
  dice: foundryDiceTray,
  flavor: (combat, command) => diceFlavor(combat, command),
  speaker: (combat, command) => diceSpeaker(combat, command),
  onUndone: async (command) => {
    for (const listener of undoListeners) await listener(command);
  },
  // The step is written whatever a listener does: a failure (a lost connection) is logged, not the request's answer.
  onRecorded: async (combat, before, after) => {
    for (const listener of recordListeners)
      await Promise.resolve(listener(combat, before, after)).catch((error: unknown) =>
        console.error("Fray | after a turn step", error),
      );
  },
  cardPlay: (combat, combatantId, itemId) => {
    const item = theGame()
      .combats.get(combat.id ?? "")
      ?.combatants.get(combatantId)
      ?.actor?.items.get(itemId);
    return item ? cardPlayOf({ id: item.id, type: item.type, system: item.system }) : null;
  },
  review: (combat, command) => (reviewer ? reviewer(combat, command) : command),
};

/**
 * A step's dice speak for its combatant's token and actor, as Foundry's own initiative rolls do; a hidden one is not
 * named.
 */
function diceSpeaker(
  combat: CombatLike,
  command: TurnCommand,
  game: Pick<GamePort, "combats"> = theGame(),
): DiceSpeaker | undefined {
  const c = command.combatant ? game.combats.get(combat.id ?? "")?.combatants.get(command.combatant) : undefined;
  if (!c || c.hidden) return undefined;
  return { scene: c.sceneId ?? null, actor: c.actorId ?? null, token: c.tokenId ?? null, alias: c.name ?? "" };
}

/**
 * "Rolled (strain): End turn": the turn order and the step its dice were rolled for, hidden combatants unnamed. A
 * message's flavour is HTML (v13's chat-message.hbs): names go in as text.
 */
export function diceFlavor(combat: CombatLike, command: TurnCommand, game: Pick<GamePort, "i18n"> = theGame()): string {
  const { escapeHTML } = foundry.utils;
  const names = {
    combatant: (id: string) => {
      const c = combat.combatants.get(id);
      return escapeHTML(!c || c.hidden ? game.i18n.localize("FRAY.Tracker.Someone") : (c.name ?? ""));
    },
    side: (id: string) => escapeHTML(id),
  };
  const { label, data } = commandLabel(command, names);
  const who = command.combatant ? names.combatant(command.combatant) : "";
  const step = game.i18n.format(label, formatData(data));
  const mode = game.i18n.localize(`FRAY.Combat.Mode.${combat.type}`);
  return game.i18n.format(who ? "FRAY.Dice.FlavorFor" : "FRAY.Dice.Flavor", { mode, step, who });
}

/** The roll mode this user has chosen in the chat controls. */
export function currentRollMode(game: Pick<GamePort, "settings"> = theGame()): RollMode {
  const mode: unknown = game.settings.get("core", "rollMode");
  return isRollMode(mode) ? mode : "publicroll";
}

/** The GM side: answer turn requests from any client (tests pass a channel on a fake socket and a fake world). */
export function registerTurnRequests(channel: RequestChannel = requests(), ctx: TurnRequestContext = gmContext): void {
  channel.register(TURN_REQUEST, (payload, senderId) => handleTurnRequest(ctx, payload, senderId));
}

/** Any client: ask the active GM to run a command; shows the refusal, if any, as a localised warning. */
export async function requestTurn(combat: CombatLike, command: TurnCommand): Promise<RequestAnswer> {
  const revision = journalOf(combat)?.revision ?? -1;
  const answer = await requests().send(TURN_REQUEST, {
    combatId: combat.id ?? "",
    command,
    revision,
    rollMode: currentRollMode(),
  });
  if (!answer.ok) ui.notifications.warn(answer.key, { format: formatData(answer.data) });
  return answer;
}
