import { actorByRef } from "../cards/card-actor-ref.js";
import { formatData } from "../i18n.js";
import { requests } from "../requests/register-requests.js";
import { MOVE_CARD_TYPE, readMoveCard } from "./move-card-data.js";
import { MOVE_CARD_REQUEST } from "./move-card-names.js";
import { maySeeSealed, readSealed, type SealedStore } from "../cards/sealed-card.js";
import { askForSealed } from "../cards/sealed-delivery.js";
import { drawForgedCard, madeByGm } from "../cards/card-trust.js";
import type { SealedState } from "../cards/attack-card-context.js";
import type { MoveCardData } from "./move-card-data.js";

export const MOVE_CARD_TEMPLATE = "systems/fray/templates/chat/move-card.hbs";

/**
 * Draw a move card for this user (Foundry's renderChatMessageHTML hook): what the move caused and the buttons this
 * user may press. A click asks the active GM, who checks it again.
 */
export async function renderMoveCard(
  message: ChatMessage.Implementation,
  html: HTMLElement,
  store: SealedStore<MoveCardData>,
): Promise<void> {
  if ((message.type as string) !== MOVE_CARD_TYPE) return;
  // A player may write a message of this type with any data: one no GM made draws as a notice, with no button.
  if (!madeByGm(message)) return drawForgedCard(html, (key) => game.i18n.localize(key));
  const { data, sealed } = heldMoveCard(message, store);
  const content = html.querySelector<HTMLElement>(".message-content");
  if (!content) return;
  const { hiddenShellContext, moveCardContext } = await import("./move-card-context.js");
  // A hidden token's shell, on a GM's client that does not hold it: that there is one (players are not shown it).
  if (!data) {
    if (sealed !== "elsewhere" || !readSealed(message.system)) return;
    content.innerHTML = await foundry.applications.handlebars.renderTemplate(MOVE_CARD_TEMPLATE, { ...hiddenShellContext(sealed) });
    return;
  }
  const mover = actorByRef(data.moverRef);
  const by = data.byRef ? actorByRef(data.byRef) : null;
  const names: Record<string, string> = {};
  if (mover) names[data.moverRef] = mover.name;
  if (by) names[data.byRef] = by.name;
  // What the card shows loads with the first move card drawn: fray.mjs stays small (bundle.test.ts).
  const context = moveCardContext(data, { isGM: game.user.isGM, ownsBy: by?.isOwner ?? false, names, sealed });
  content.innerHTML = await foundry.applications.handlebars.renderTemplate(MOVE_CARD_TEMPLATE, { ...context });
  for (const button of content.querySelectorAll<HTMLButtonElement>("[data-fray-move-card]"))
    button.addEventListener("click", () => void press(button, message.id ?? ""));
}

/**
 * The card this client draws: a sealed one's outcome from this client's store (the GM's, or its roller's at the card's
 * revision; a roller without it asks the GM), else the message's own data (a sealed card's shell has no outcome).
 */
function heldMoveCard(
  message: ChatMessage.Implementation,
  store: SealedStore<MoveCardData>,
): { data: MoveCardData | null; sealed: SealedState | "gm" | "roller" | null } {
  const shell = readMoveCard(message.system);
  const view = readSealed(message.system);
  if (!view) return { data: shell, sealed: null };
  if (!maySeeSealed(view, game.user)) return { data: shell, sealed: "shell" };
  const held = store.get(message.id ?? "");
  if (held && (game.user.isActiveGM || (held.revision ?? 0) >= view.revision))
    return { data: held, sealed: game.user.isGM ? "gm" : "roller" };
  if (!game.user.isActiveGM) askForSealed((name, payload) => requests().send(name, payload), message.id ?? "", view.revision);
  return { data: shell, sealed: game.user.isGM ? "elsewhere" : "waiting" };
}

/** Ask the active GM; the button rests while the request is out, and a refusal is shown in words. */
async function press(button: HTMLButtonElement, messageId: string): Promise<void> {
  button.disabled = true;
  const answer = await requests().send(MOVE_CARD_REQUEST, { messageId, action: button.dataset.frayMoveCard });
  button.disabled = false;
  if (!answer.ok) ui.notifications.warn(game.i18n.format(answer.key, formatData(answer.data)));
}
