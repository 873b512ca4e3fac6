import { deny, type RequestAnswer } from "../../requests/request-answer.js";
import type { AuthorLike } from "./card-ports.js";

/**
 * Which cards Fray believes (docs/security.md). Foundry's server does not check a system's data: any player may
 * create a chat message of Fray's types, with any `system` data, and update the ones they authored. What it does
 * enforce is the author (common/documents/chat-message.mjs): a player creates a message only as its own author, and
 * only a GM changes an author (DocumentAuthorField is `gmOnly`); only the author and the GMs update a message. Every
 * card Fray posts is made by the active GM's client, so a card counts only when its author is a GM now. An assistant
 * GM may write every document anyway, so a card of theirs gives them nothing more.
 */
export const madeByGm = (message: { readonly author?: AuthorLike | null }): boolean => message.author?.isGM === true;

/** The refusal a request gets for a card no GM made: nothing is read from it, nothing written. */
export const notMadeByGm = (): RequestAnswer => deny("NotMadeByGm", "this card was not made by the GM's client");

/** The key of the notice a card no GM made is drawn as, in place of its content. */
const NOT_MADE_BY_GM_NOTICE = "FRAY.Card.NotMadeByGm";

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A forged card's whole content: one plain line, no button, no form, nothing the message itself carried. */
function forgedCardHtml(text: string): string {
  return `<p class="fray fray-card-forged">${escape(text)}</p>`;
}

/** Draw a card no GM made (a renderChatMessageHTML hook's message): its content becomes the notice alone. */
export function drawForgedCard(html: HTMLElement, localize: (key: string) => string): void {
  const content = html.querySelector<HTMLElement>(".message-content");
  if (content) content.innerHTML = forgedCardHtml(localize(NOT_MADE_BY_GM_NOTICE));
}
