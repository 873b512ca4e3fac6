import { RULESETS } from "../../core/rulesets.js";
import { currentRollMode } from "../combat/requests/turn-client.js";
import { formatData } from "../i18n.js";
import { requests } from "../requests/register-requests.js";
import { DECLARED_ANSWERS, readAttackCard, readPendingCard, type AttackCardData } from "./data/attack-card-data.js";
import { actorByRef } from "./data/card-actor-ref.js";
import { appliedField, rollModeField, sealedField } from "./data/card-fields.js";
import { attackCardFor } from "../rulesets/index.js";
import { attackCardContext, pendingCardContext, sealedCardContext, type SealedState } from "./attack-card-context.js";
import { ATTACK_ANSWER_REQUEST } from "./requests/attack-answer.js";
import { ATTACK_CIRCUMSTANCES_REQUEST } from "./requests/attack-circumstances.js";
import { ATTACK_STEP_REQUEST } from "./requests/attack-request.js";
import { drawForgedCard, madeByGm } from "./data/card-trust.js";
import { maySeeSealed, readSealed, StorageSealedStore, type SealedStore } from "./sealed/sealed-card.js";
import { askForSealed, type SealedKind } from "./sealed/sealed-delivery.js";
import { theGame, type GamePort } from "../game/game-port.js";

const ATTACK_CARD_TEMPLATE = "systems/fray/templates/chat/attack-card.hbs";

/** What a client without a hidden token's card shows of its shell (a GM's whose client does not hold it). */
const HIDDEN_TITLE = { key: "FRAY.Card.HiddenAttack", data: {} };

/**
 * ChatMessage.system of an attack card (attack-card-data.ts): the pipeline's journal and events, who attacks whom
 * with what, and what applying wrote. Only the active GM writes it, through the attack requests; a card no GM made
 * is read by nothing (card-trust.ts). Typed where Foundry's fields can say it. The journal, the events, the options
 * and the question are each rule set's own shapes: objects here, checked by the readers (readAttackCard,
 * readPendingCard) and by the pipeline's legal() before any step.
 */
export function defineAttackCardSchema() {
  const f = foundry.data.fields;
  const text = () => new f.StringField({ required: true, nullable: false, blank: true, initial: "" });
  const picked = () => new f.StringField({ required: false, nullable: false, blank: false, initial: undefined });
  const object = () => new f.ObjectField({ required: false, nullable: true, initial: null });
  return {
    ruleset: new f.StringField({ required: true, nullable: false, blank: true, initial: "", choices: [...RULESETS] }),
    attackerId: text(),
    targetId: text(),
    itemId: new f.StringField({ required: false, nullable: true, blank: true, initial: null }),
    rollMode: rollModeField(),
    journal: object(),
    events: new f.ArrayField(new f.ObjectField()),
    applied: appliedField(),
    // A question someone must answer before the attack opens (strain's defence), with the attacker's options.
    pending: new f.SchemaField(
      {
        question: new f.ObjectField({ required: true, nullable: false }),
        options: new f.ObjectField({ required: true, nullable: false }),
      },
      { required: false, nullable: true, initial: null },
    ),
    openingSteps: new f.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
    // The options the attack opened with (the map's facts, the GM's circumstances), and whether the map was asked.
    options: object(),
    map: new f.StringField({
      required: false,
      nullable: false,
      blank: true,
      initial: "",
      choices: ["checked", "unchecked"],
    }),
    // The options not the map's, and where the map was read: a change of circumstances reads it there again.
    given: object(),
    // A name left out is the GM's own pick (map/attack-map.ts): a missing key stays missing, never "".
    place: new f.SchemaField(
      { sceneId: picked(), attackerTokenId: picked(), targetTokenId: picked() },
      { required: false, nullable: true, initial: null },
    ),
    // The user who attacked: a private or self card is theirs to see (sealed-card.ts).
    roller: new f.StringField({ required: false, nullable: false, blank: true, initial: "" }),
    // A sealed card's public shell: without this field Foundry's schema would drop it.
    sealed: sealedField(),
    // A player's declared circumstances and the GM's answer: the card rolls nothing while it is "awaiting".
    declared: new f.SchemaField(
      {
        by: new f.StringField({ required: true, nullable: false, blank: true, initial: "" }),
        values: new f.ObjectField({ required: true, nullable: false }),
        answer: new f.StringField({
          required: true,
          nullable: false,
          initial: "awaiting",
          choices: [...DECLARED_ANSWERS],
        }),
      },
      { required: false, nullable: true, initial: null },
    ),
    // Opened by a hidden token's offer: the card is on the GMs' clients alone, its shell names nobody.
    hidden: new f.BooleanField({ required: false, initial: false }),
    // In a started fight, where the attack spent its turn step; and whether the GM's undo of that step voided it.
    spent: new f.SchemaField(
      { combatId: text(), combatant: text() },
      { required: false, nullable: true, initial: null },
    ),
    voided: new f.BooleanField({ required: false, initial: false }),
    // Reactions taken on the card that spent a fight's step, for the card's undo to give back.
    turnSteps: new f.ArrayField(new f.ObjectField(), { required: false, initial: undefined }),
  };
}

type AttackCardSchema = ReturnType<typeof defineAttackCardSchema>;

let store: SealedStore | null = null;

/**
 * The attack card, ChatMessage type "attack": its data, and how each client draws it and hears its buttons. Foundry's
 * renderChatMessageHTML hook asks the message's own model (register-cards.ts). It defines no `renderHTML`: v13 would
 * then skip its own message frame and call the hook without its context (client/documents/chat-message.mjs).
 */
export class AttackCardModel extends foundry.abstract.TypeDataModel<AttackCardSchema, ChatMessage.Implementation> {
  /** The ChatMessage type it is registered under. */
  static readonly metadata = Object.freeze({ type: "attack" });

  static override defineSchema(): AttackCardSchema {
    return defineAttackCardSchema();
  }

  /**
   * This client's sealed (blind, private, self) attack cards: in this browser's storage for the world, made when
   * first used.
   */
  static get sealed(): SealedStore {
    store ??= new StorageSealedStore(globalThis.localStorage ?? null, `fray.sealed.${theGame().world.id}.`);
    return store;
  }

  /** A deleted card's numbers go with it (a store not made yet holds none). */
  static forget(messageId: string): void {
    store?.delete(messageId);
  }

  /** How this client keeps a sealed attack card the GM sends it (sealed-inbox.ts). */
  static readonly sealedKind: SealedKind = {
    get store() {
      return AttackCardModel.sealed as SealedStore<unknown>;
    },
    read: readAttackCard,
    revisionOf: (data) => (data as AttackCardData).journal.revision,
    matches: (data, system) => {
      const shell = system as Partial<AttackCardData>;
      const card = data as AttackCardData;
      // A hidden token's shell names neither actor: it matches a hidden card alone (the digest binds the rest).
      if (shell.hidden === true || card.hidden === true) return shell.hidden === true && card.hidden === true;
      return card.attackerId === shell.attackerId && card.targetId === shell.targetId;
    },
  };

  /**
   * Draw the card for this user in its message's HTML: the lines and dice this user may see, and the buttons for the
   * steps this user may take.
   */
  async alterMessageHTML(html: HTMLElement): Promise<void> {
    const message = this.parent;
    const game = theGame();
    // A player may write a message of this type with any data: one no GM made draws as a notice, with no button.
    if (!madeByGm(message)) return drawForgedCard(html, (key) => game.i18n.localize(key));
    // A sealed card: its numbers are on the active GM's client, and a private one's on its roller's. They draw it
    // whole.
    const sealed = readSealed(this);
    const { kept, state } = sealed
      ? sealedHeld(message.id ?? "", sealed, game)
      : { kept: null, state: "shell" as const };
    // A hidden token's shell, on a client that may not see it: nothing is drawn (it is whispered to the GMs anyway).
    if (sealed && this.hidden && !kept && state === "shell") return;
    const data = sealed ? kept : readAttackCard(this);
    const pending = data || sealed ? null : readPendingCard(this);
    const shell =
      sealed && !kept ? { ruleset: this.ruleset, attackerId: this.attackerId, targetId: this.targetId } : null;
    // A rule set Fray does not have leaves the message as it is.
    const card = attackCardFor((data ?? pending ?? shell)?.ruleset ?? "");
    const content = html.querySelector<HTMLElement>(".message-content");
    if (!(data || pending || shell) || !card || !content) return;
    const { attackerId, targetId } = (data ?? pending ?? shell)!;
    const attacker = actorByRef(attackerId);
    const target = actorByRef(targetId);
    const names: Record<string, string> = {};
    // Lines and buttons name actors and items by id (a parry "with" an item): shown by name.
    // A blast's other targets (and those of the zones it may deviate into) are named and owned as the two are.
    const others = data && card.actorsOf ? card.actorsOf(data.journal.state) : [];
    for (const [ref, actor] of [
      [attackerId, attacker],
      [targetId, target],
      ...others.map((ref) => [ref, actorByRef(ref)] as const),
    ] as const) {
      if (!actor) continue;
      names[ref] = actor.name;
      for (const item of actor.items.contents) if (item.id) names[item.id] = item.name;
    }
    // Who declared the card's circumstances, by name.
    const by = data?.declared?.by;
    if (by) names[by] = game.users.get(by)?.name ?? by;
    const viewer = {
      user: game.user,
      ownsAttacker: attacker?.isOwner ?? false,
      ownsTarget: target?.isOwner ?? false,
      owns: (ref: string) => actorByRef(ref)?.isOwner ?? false,
      names,
      messageId: message.id ?? "",
    };
    const context = data
      ? attackCardContext(card, data, viewer, sealed !== null)
      : sealed
        ? sealedCardContext(
            this.hidden ? { ...sealed, title: HIDDEN_TITLE } : sealed,
            viewer,
            state,
            this.rollMode ?? "",
          )
        : pendingCardContext(pending!, viewer);
    content.innerHTML = await foundry.applications.handlebars.renderTemplate(ATTACK_CARD_TEMPLATE, { ...context });
  }

  /**
   * Hear the drawn card's buttons and the GM's form: a click asks the active GM, who checks it again, at the revision
   * the card was drawn at. A card no GM made is heard by nothing.
   */
  addListeners(html: HTMLElement): void {
    const messageId = this.parent.id ?? "";
    const card = madeByGm(this.parent)
      ? html.querySelector(".message-content")?.querySelector<HTMLElement>(".fray-attack-card")
      : null;
    if (!card) return;
    const revision = Number(card.dataset.revision);
    for (const button of card.querySelectorAll<HTMLButtonElement>("[data-fray-card-command]")) {
      button.addEventListener("click", () => void clickCard(messageId, button, revision));
    }
    const form = card.querySelector<HTMLFormElement>("[data-fray-card-circumstances]");
    form?.addEventListener("submit", (event) => {
      event.preventDefault();
      const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
      const options = circumstancesOf(form);
      if (button) void send(button, ATTACK_CIRCUMSTANCES_REQUEST, { messageId, revision, options });
    });
    // The GM confirms a player's declared circumstances as they stand: the same request, changing nothing.
    const confirm = card.querySelector<HTMLButtonElement>("[data-fray-card-confirm]");
    confirm?.addEventListener(
      "click",
      () => void send(confirm, ATTACK_CIRCUMSTANCES_REQUEST, { messageId, revision, options: {} }),
    );
    for (const button of card.querySelectorAll<HTMLButtonElement>("[data-fray-card-answer]")) {
      button.addEventListener(
        "click",
        () => void send(button, ATTACK_ANSWER_REQUEST, { messageId, value: button.dataset.frayCardAnswer }),
      );
    }
  }
}

/**
 * What this client holds of a sealed card: the GM's own copy, or its roller's at the card's revision. A viewer
 * without it asks the GM, who sends it by query (sealed-delivery.ts) and this client draws the card again.
 */
function sealedHeld(
  messageId: string,
  view: NonNullable<ReturnType<typeof readSealed>>,
  game: Pick<GamePort, "user">,
): { kept: ReturnType<SealedStore["get"]> | null; state: SealedState } {
  if (!maySeeSealed(view, game.user)) return { kept: null, state: "shell" };
  const held = AttackCardModel.sealed.get(messageId);
  if (held && (game.user.isActiveGM || held.journal.revision >= view.revision)) return { kept: held, state: "shell" };
  if (!game.user.isActiveGM) askForSealed((name, payload) => requests().send(name, payload), messageId, view.revision);
  return { kept: null, state: game.user.isGM ? "elsewhere" : "waiting" };
}

/** The GM's control as the request carries it: a checkbox's state, a number box's whole number (the GM checks both). */
function circumstancesOf(form: HTMLFormElement): Record<string, boolean | number> {
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
  if (!answer.ok) ui.notifications.warn(answer.key, { format: formatData(answer.data) });
}
