import { requests } from "../requests/register-requests.js";
import { formatData } from "../i18n.js";
import { currentRollMode } from "../combat/turn-client.js";
import { readAttackCard, readPendingCard } from "./attack-card-data.js";
import type { SealedState } from "./attack-card-context.js";
import { maySeeSealed, readSealed, type SealedStore } from "./sealed-card.js";
import { askForSealed } from "./sealed-delivery.js";
import { loadCardRuleset } from "./card-registry.js";
import { actorByRef } from "./card-actor-ref.js";
import { drawForgedCard, madeByGm } from "./card-trust.js";
import { ATTACK_ANSWER_REQUEST, ATTACK_CIRCUMSTANCES_REQUEST, ATTACK_STEP_REQUEST } from "./card-requests.js";

export const ATTACK_CARD_TEMPLATE = "systems/fray/templates/chat/attack-card.hbs";

/**
 * Draw an attack card for this user (Foundry's renderChatMessageHTML hook): the lines and dice this user may see, and
 * the buttons for the steps this user may take. A click asks the active GM, who checks it again.
 */
export async function renderAttackCard(message: ChatMessage.Implementation, html: HTMLElement, store: SealedStore): Promise<void> {
  if ((message.type as string) !== "attack") return;
  // A player may write a message of this type with any data: one no GM made draws as a notice, with no button.
  if (!madeByGm(message)) return drawForgedCard(html, (key) => game.i18n.localize(key));
  // A sealed card: its numbers are on the active GM's client, and a private one's on its roller's, which draw it whole.
  const sealed = readSealed(message.system);
  const { kept, state } = sealed ? sealedHeld(message.id ?? "", sealed, store) : { kept: null, state: "shell" as const };
  const data = sealed ? kept : readAttackCard(message.system);
  const pending = data || sealed ? null : readPendingCard(message.system);
  const shell = sealed && !kept ? { ...(message.system as unknown as { ruleset: string; attackerId: string; targetId: string }) } : null;
  // The rule set's card loads on demand (card-registry.ts); one that cannot load leaves the message as it is.
  const card = await loadCardRuleset((data ?? pending ?? shell)?.ruleset ?? "").catch(() => undefined);
  const content = html.querySelector<HTMLElement>(".message-content");
  if (!(data || pending || shell) || !card || !content) return;
  const { attackerId, targetId } = (data ?? pending ?? shell)!;
  const attacker = actorByRef(attackerId);
  const target = actorByRef(targetId);
  const names: Record<string, string> = {};
  // Lines and buttons name actors and items by id (a parry "with" an item): shown by name.
  // A blast's other targets (and those of the zones it may deviate into) are named and owned as the two are.
  const others = data && card.actorsOf ? card.actorsOf(data.journal.state as never) : [];
  for (const [ref, actor] of [
    [attackerId, attacker],
    [targetId, target],
    ...others.map((ref) => [ref, actorByRef(ref)] as const),
  ] as const) {
    if (!actor) continue;
    names[ref] = actor.name;
    for (const item of actor.items.contents) if (item.id) names[item.id] = item.name;
  }
  const viewer = {
    user: game.user,
    ownsAttacker: attacker?.isOwner ?? false,
    ownsTarget: target?.isOwner ?? false,
    owns: (ref: string) => actorByRef(ref)?.isOwner ?? false,
    names,
    messageId: message.id ?? "",
  };
  // What the card shows loads with the first card drawn: fray.mjs stays small (bundle.test.ts).
  const { attackCardContext, pendingCardContext, sealedCardContext } = await import("./attack-card-context.js");
  const context = data
    ? attackCardContext(card as never, data, viewer, sealed !== null)
    : sealed
      ? sealedCardContext(sealed, viewer, state, (message.system as { rollMode?: string }).rollMode ?? "")
      : pendingCardContext(pending!, viewer);
  content.innerHTML = await foundry.applications.handlebars.renderTemplate(ATTACK_CARD_TEMPLATE, { ...context });
  for (const button of content.querySelectorAll<HTMLButtonElement>("[data-fray-card-command]")) {
    button.addEventListener("click", () => void clickCard(message.id ?? "", button, context.revision));
  }
  const form = content.querySelector<HTMLFormElement>("[data-fray-card-circumstances]");
  form?.addEventListener("submit", (event) => {
    event.preventDefault();
    const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
    const options = circumstancesOf(form);
    if (button) void send(button, ATTACK_CIRCUMSTANCES_REQUEST, { messageId: message.id ?? "", revision: context.revision, options });
  });
  for (const button of content.querySelectorAll<HTMLButtonElement>("[data-fray-card-answer]")) {
    button.addEventListener(
      "click",
      () => void send(button, ATTACK_ANSWER_REQUEST, { messageId: message.id ?? "", value: button.dataset.frayCardAnswer }),
    );
  }
}

/**
 * What this client holds of a sealed card: the GM's own copy, or its roller's at the card's revision. A viewer
 * without it asks the GM, who sends it by query (sealed-delivery.ts) and this client draws the card again.
 */
function sealedHeld(
  messageId: string,
  view: NonNullable<ReturnType<typeof readSealed>>,
  store: SealedStore,
): { kept: ReturnType<SealedStore["get"]> | null; state: SealedState } {
  if (!maySeeSealed(view, game.user)) return { kept: null, state: "shell" };
  const held = store.get(messageId);
  if (held && (game.user.isActiveGM || held.journal.revision >= view.revision)) return { kept: held, state: "shell" };
  if (!game.user.isActiveGM) askForSealed((name, payload) => requests().send(name, payload), messageId, view.revision);
  return { kept: null, state: game.user.isGM ? "elsewhere" : "waiting" };
}

/** The GM's control as the request carries it: a checkbox's state, a number box's whole number (the GM checks both). */
export function circumstancesOf(form: HTMLFormElement): Record<string, boolean | number> {
  const out: Record<string, boolean | number> = {};
  for (const input of form.querySelectorAll<HTMLInputElement>("input[name]"))
    out[input.name] = input.type === "checkbox" ? input.checked : Number(input.value);
  return out;
}

async function clickCard(messageId: string, button: HTMLButtonElement, revision: number): Promise<void> {
  let command: unknown;
  try {
    command = JSON.parse(button.dataset.frayCardCommand ?? "");
  } catch {
    return;
  }
  await send(button, ATTACK_STEP_REQUEST, { messageId, command, revision, rollMode: currentRollMode() });
}

/** Ask the active GM; the button rests while the request is out, and a refusal is shown in words. */
async function send(button: HTMLButtonElement, name: string, payload: Record<string, unknown>): Promise<void> {
  button.disabled = true;
  const answer = await requests().send(name, payload);
  button.disabled = false;
  if (!answer.ok) ui.notifications.warn(game.i18n.format(answer.key, formatData(answer.data)));
}
