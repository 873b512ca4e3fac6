import type { SealedState } from "../cards/attack-card-context.js";
import { actorByRef } from "../cards/data/card-actor-ref.js";
import { appliedField, rollModeField, sealedField } from "../cards/data/card-fields.js";
import { drawForgedCard, madeByGm } from "../cards/data/card-trust.js";
import { maySeeSealed, readSealed, StorageSealedStore, type SealedStore } from "../cards/sealed/sealed-card.js";
import { askForSealed, type SealedKind } from "../cards/sealed/sealed-delivery.js";
import { formatData } from "../i18n.js";
import { requests } from "../requests/register-requests.js";
import { hiddenShellContext, moveCardContext } from "./move-card-context.js";
import { MOVE_CARD_TYPE, moveCardMatches, readMoveCard, type MoveCardData } from "./move-card-data.js";
import { MOVE_CARD_REQUEST } from "./move-card-request.js";
import { theGame, type GamePort } from "../game/game-port.js";

const MOVE_CARD_TEMPLATE = "systems/fray/templates/chat/move-card.hbs";

/**
 * ChatMessage.system of a move card (move-card-data.ts): the effect a move caused, the actors it names, the dice's
 * outcome, what applying wrote and the attack an offer opened. Only the active GM writes it, through the move card
 * request; a card no GM made is read by nothing (cards/data/card-trust.ts). Typed where Foundry's fields can say it:
 * the effect and the outcome are unions by `kind`, objects here, checked by readMoveCard (the core's readMoveEffect). A
 * hidden token's card holds no effect and no actor (`hidden`, move-card-post.ts). Fields are read from `foundry`
 * when the schema is defined (at init), never when this module is imported.
 */
export function defineMoveCardSchema() {
  const fields = foundry.data.fields;
  return {
    effect: new fields.ObjectField({ required: false, nullable: true, initial: null }),
    sceneId: new fields.StringField({ required: true, nullable: false, blank: true, initial: "" }),
    moverRef: new fields.StringField({ required: true, nullable: false, blank: true, initial: "" }),
    byRef: new fields.StringField({ required: true, nullable: false, blank: true, initial: "" }),
    rollMode: rollModeField(),
    outcome: new fields.ObjectField({ required: false, nullable: true, initial: null }),
    applied: appliedField(),
    taken: new fields.StringField({ required: false, nullable: true, blank: true, initial: null }),
    // A sealed card's public shell (its revision, viewers and digest; the outcome is on the GM's and the roller's
    // clients).
    sealed: sealedField(),
    declined: new fields.BooleanField({ required: false, initial: false }),
    // A hidden token's card: its whole data is on the GM's client alone (move-card-post.ts).
    hidden: new fields.BooleanField({ required: false, initial: false }),
  };
}

type MoveCardSchema = ReturnType<typeof defineMoveCardSchema>;

let store: SealedStore<MoveCardData> | null = null;

/**
 * The move card, ChatMessage type "moveEffect": its data, and how each client draws it and hears its buttons.
 * Foundry's renderChatMessageHTML hook asks the message's own model (cards/register-cards.ts). It defines no
 * `renderHTML`: v13 would then skip its own message frame (client/documents/chat-message.mjs).
 */
export class MoveCardModel extends foundry.abstract.TypeDataModel<MoveCardSchema, ChatMessage.Implementation> {
  /** The ChatMessage type it is registered under. */
  static readonly metadata = Object.freeze({ type: MOVE_CARD_TYPE });

  static override defineSchema(): MoveCardSchema {
    return defineMoveCardSchema();
  }

  /** This client's sealed move cards (the GM's, or a roller's): in this browser's storage for the world. */
  static get sealed(): SealedStore<MoveCardData> {
    store ??= new StorageSealedStore(
      globalThis.localStorage ?? null,
      `fray.sealedMove.${theGame().world.id}.`,
      readMoveCard,
    );
    return store;
  }

  /** A deleted card's outcome goes with it (a store not made yet holds none). */
  static forget(messageId: string): void {
    store?.delete(messageId);
  }

  /**
   * A sealed fall or descent roll: kept by its roller's client too, as attack cards are
   * (cards/sealed/sealed-delivery.ts).
   */
  static readonly sealedKind: SealedKind = {
    get store() {
      return MoveCardModel.sealed as SealedStore<unknown>;
    },
    read: readMoveCard,
    revisionOf: (data) => (data as MoveCardData).revision ?? 0,
    matches: (data, system) => moveCardMatches(data as MoveCardData, system),
  };

  /** Draw the card for this user in its message's HTML: what the move caused and the buttons this user may press. */
  async alterMessageHTML(html: HTMLElement): Promise<void> {
    const message = this.parent;
    const game = theGame();
    // A player may write a message of this type with any data: one no GM made draws as a notice, with no button.
    if (!madeByGm(message)) return drawForgedCard(html, (key) => game.i18n.localize(key));
    const { data, sealed } = heldMoveCard(message.id ?? "", this, game);
    const content = html.querySelector<HTMLElement>(".message-content");
    if (!content) return;
    // A hidden token's shell, on a GM's client that does not hold it: that there is one (players are not shown it).
    if (!data) {
      if (sealed !== "elsewhere" || !readSealed(this)) return;
      content.innerHTML = await foundry.applications.handlebars.renderTemplate(MOVE_CARD_TEMPLATE, {
        ...hiddenShellContext(sealed),
      });
      return;
    }
    const mover = actorByRef(data.moverRef);
    const by = data.byRef ? actorByRef(data.byRef) : null;
    const names: Record<string, string> = {};
    if (mover) names[data.moverRef] = mover.name;
    if (by) names[data.byRef] = by.name;
    const context = moveCardContext(data, { isGM: game.user.isGM, ownsBy: by?.isOwner ?? false, names, sealed });
    content.innerHTML = await foundry.applications.handlebars.renderTemplate(MOVE_CARD_TEMPLATE, { ...context });
  }

  /** Hear the drawn card's buttons: a click asks the active GM, who checks it again. A card no GM made: nothing. */
  addListeners(html: HTMLElement): void {
    const messageId = this.parent.id ?? "";
    const card = madeByGm(this.parent)
      ? html.querySelector(".message-content")?.querySelector<HTMLElement>(".fray-move-card")
      : null;
    for (const button of card?.querySelectorAll<HTMLButtonElement>("[data-fray-move-card]") ?? [])
      button.addEventListener("click", () => void press(button, messageId));
  }
}

/**
 * The card this client draws: a sealed one's outcome from this client's store (the GM's, or its roller's at the card's
 * revision; a roller without it asks the GM), else the message's own data (a sealed card's shell has no outcome).
 */
function heldMoveCard(
  messageId: string,
  system: MoveCardModel,
  game: Pick<GamePort, "user">,
): { data: MoveCardData | null; sealed: SealedState | "gm" | "roller" | null } {
  const shell = readMoveCard(system);
  const view = readSealed(system);
  if (!view) return { data: shell, sealed: null };
  if (!maySeeSealed(view, game.user)) return { data: shell, sealed: "shell" };
  const held = MoveCardModel.sealed.get(messageId);
  if (held && (game.user.isActiveGM || (held.revision ?? 0) >= view.revision))
    return { data: held, sealed: game.user.isGM ? "gm" : "roller" };
  if (!game.user.isActiveGM) askForSealed((name, payload) => requests().send(name, payload), messageId, view.revision);
  return { data: shell, sealed: game.user.isGM ? "elsewhere" : "waiting" };
}

/** Ask the active GM; the button rests while the request is out, and a refusal is shown in words. */
async function press(button: HTMLButtonElement, messageId: string): Promise<void> {
  button.disabled = true;
  const answer = await requests().send(MOVE_CARD_REQUEST, { messageId, action: button.dataset.frayMoveCard });
  button.disabled = false;
  if (!answer.ok) ui.notifications.warn(answer.key, { format: formatData(answer.data) });
}
