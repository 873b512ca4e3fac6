import { actorByRef } from "../cards/card-actor-ref.js";
import { formatData } from "../i18n.js";
import { requests } from "../requests/register-requests.js";
import { MOVE_CARD_TYPE, readMoveCard } from "./move-card-data.js";
import { moveCardContext } from "./move-card-context.js";
import { MOVE_CARD_REQUEST } from "./move-card-request.js";

export const MOVE_CARD_TEMPLATE = "systems/fray/templates/chat/move-card.hbs";

/**
 * Draw a move card for this user (Foundry's renderChatMessageHTML hook): what the move caused and the buttons this
 * user may press. A click asks the active GM, who checks it again.
 */
export async function renderMoveCard(message: ChatMessage.Implementation, html: HTMLElement): Promise<void> {
  if ((message.type as string) !== MOVE_CARD_TYPE) return;
  const data = readMoveCard(message.system);
  const content = html.querySelector<HTMLElement>(".message-content");
  if (!data || !content) return;
  const mover = actorByRef(data.moverRef);
  const by = data.byRef ? actorByRef(data.byRef) : null;
  const names: Record<string, string> = {};
  if (mover) names[data.moverRef] = mover.name;
  if (by) names[data.byRef] = by.name;
  const context = moveCardContext(data, { isGM: game.user.isGM, ownsBy: by?.isOwner ?? false, names });
  content.innerHTML = await foundry.applications.handlebars.renderTemplate(MOVE_CARD_TEMPLATE, { ...context });
  for (const button of content.querySelectorAll<HTMLButtonElement>("[data-fray-move-card]"))
    button.addEventListener("click", () => void press(button, message.id ?? ""));
}

/** Ask the active GM; the button rests while the request is out, and a refusal is shown in words. */
async function press(button: HTMLButtonElement, messageId: string): Promise<void> {
  button.disabled = true;
  const answer = await requests().send(MOVE_CARD_REQUEST, { messageId, action: button.dataset.frayMoveCard });
  button.disabled = false;
  if (!answer.ok) ui.notifications.warn(game.i18n.format(answer.key, formatData(answer.data)));
}
