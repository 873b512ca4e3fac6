import { requests } from "../requests/register-requests.js";
import { MoveCardModel } from "../move-cards/move-card-model.js";
import { AttackCardModel } from "./attack-card-model.js";
import { deliverByQuery, forgetSeal, gmCardContext, gmSeals } from "./gm-card-context.js";
import { registerHotbarAttacks } from "./hotbar-attacks.js";
import { SEALED_QUERY, SEALED_REQUEST, type SealedKind, type SealedMessageLike } from "./sealed/sealed-delivery.js";
import { SealedInbox } from "./sealed/sealed-inbox.js";
import { handleSealedRequest } from "./sealed/sealed-request.js";
import { ATTACK_ANSWER_REQUEST, handleAttackAnswer } from "./requests/attack-answer.js";
import { ATTACK_CIRCUMSTANCES_REQUEST, handleAttackCircumstances } from "./requests/attack-circumstances.js";
import { trustsCircumstances } from "../settings/trust-circumstances.js";
import { ATTACK_OPEN_REQUEST, handleAttackOpen } from "./requests/attack-open.js";
import { ATTACK_STEP_REQUEST, handleAttackStep, voidOnUndo } from "./requests/attack-request.js";
import { whenStepUndone } from "../combat/requests/turn-client.js";
import { theGame } from "../game/game-port.js";

let inbox: SealedInbox | null = null;

/**
 * Fray's chat cards, one model per ChatMessage type. Each model draws its own card and hears its buttons, as Draw
 * Steel's do; registration and the render hook below only loop over them.
 */
const CHAT_CARDS = [AttackCardModel, MoveCardModel] as const;

/** The kinds of sealed card this client keeps, by message type: each card model says how it keeps its own. */
export const SEALED_KINDS: Record<string, SealedKind> = {};

/** Draw a chat message again (the chat log's own redraw; a message not in the log is left). */
function redraw(message: SealedMessageLike): void {
  const chat = ui.chat as unknown as { updateMessage?: (m: unknown) => Promise<unknown> } | undefined;
  void chat?.updateMessage?.(message)?.catch(() => undefined);
}

/**
 * Foundry's renderChatMessageHTML hook (v13's ChatMessage#renderHTML fires it for every message drawn): a card's own
 * model draws it for this user, then hears its buttons. Other messages are left as they are.
 */
export async function drawChatCard(message: ChatMessage.Implementation, html: HTMLElement): Promise<void> {
  const card: unknown = message.system;
  for (const Model of CHAT_CARDS) {
    if (!(card instanceof Model)) continue;
    await card.alterMessageHTML(html);
    card.addListeners(html);
  }
}

/** The chat cards (their ChatMessage subtypes, how each is drawn and kept sealed), and the attack card's requests. */
export function registerCards(): void {
  for (const Model of CHAT_CARDS) {
    CONFIG.ChatMessage.dataModels[Model.metadata.type] = Model;
    // Private and self cards: kept by their roller's client, sent there by query, asked for again through the requests.
    SEALED_KINDS[Model.metadata.type] = Model.sealedKind;
  }
  Hooks.on("renderChatMessageHTML", (message, html) => void drawChatCard(message, html));
  // A deleted blind card's numbers go with it, and its salt.
  Hooks.on("deleteChatMessage", (message) => {
    if (!message.id) return;
    for (const Model of CHAT_CARDS) Model.forget(message.id);
    forgetSeal(message.id);
  });
  // Only the active GM runs these.
  requests().register(ATTACK_OPEN_REQUEST, (payload, senderId) => handleAttackOpen(gmCardContext, payload, senderId));
  requests().register(ATTACK_STEP_REQUEST, (payload, senderId) => handleAttackStep(gmCardContext, payload, senderId));
  // A player's declared circumstances wait for the GM's answer, unless the world trusts them (read at each request).
  requests().register(ATTACK_CIRCUMSTANCES_REQUEST, (payload, senderId) =>
    handleAttackCircumstances(gmCardContext, payload, senderId, { trusted: trustsCircumstances() }),
  );
  requests().register(ATTACK_ANSWER_REQUEST, (payload, senderId) =>
    handleAttackAnswer(gmCardContext, payload, senderId),
  );
  // The GM's undo of an attack's turn step in the tracker voids its card, and takes back what it applied. Not awaited
  // under the fight's lock: a click on that card may be waiting for the fight, and would wait for it in turn.
  whenStepUndone((command) => void voidOnUndo(gmCardContext, command));
  // What a query brings is kept only when it matches its message's digest (sealed-inbox.ts); one that overtook the
  // message's update waits for it.
  CONFIG.queries[SEALED_QUERY] = (delivery) => {
    inbox ??= new SealedInbox(SEALED_KINDS, (id) => theGame().messages.get(id), redraw);
    return Promise.resolve(inbox.receive(delivery));
  };
  Hooks.on("updateChatMessage", (message) => void inbox?.updated(message));
  requests().register(SEALED_REQUEST, (payload, senderId) =>
    handleSealedRequest(
      {
        user: (id) => theGame().users.get(id) ?? undefined,
        message: (id) => theGame().messages.get(id),
        kinds: SEALED_KINDS,
        seals: gmSeals(),
        deliver: deliverByQuery,
      },
      payload,
      senderId,
    ),
  );
  registerHotbarAttacks();
}
