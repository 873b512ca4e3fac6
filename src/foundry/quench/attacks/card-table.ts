import { readAttackCard, readPendingCard, type AttackCardData } from "../../cards/data/attack-card-data.js";
import { until } from "../fixtures/tracker-table.js";

/** The steps the batch prefers, in order: the attack's own road, letting every reaction go. */
const PREFERRED = ["roll", "skipReaction", "rollDamage", "apply"] as const;

/** A card's step button as rendered: the command it carries (parsed) and the button. */
export interface CardControl {
  readonly command: { readonly type: string; readonly [key: string]: unknown };
  readonly button: HTMLButtonElement;
}

/**
 * The button the batch clicks next: roll, skipReaction, rollDamage or apply when offered; otherwise a choice the rule
 * set insists on (a stunt declined, a consciousness check failed), else the first step offered. Never the GM's undo.
 * Pure.
 */
export function nextCardControl(offered: readonly CardControl[]): CardControl | null {
  const steps = offered.filter((c) => c.command.type !== "undo");
  for (const type of PREFERRED) {
    const found = steps.find((c) => c.command.type === type);
    if (found) return found;
  }
  const declined = steps.find((c) => Object.values(c.command).includes(false));
  return declined ?? steps[0] ?? null;
}

/** The revision a card's data is at: -1 while it waits for an answer, as attack-card-model.ts draws it. */
const cardRevision = (message: ChatMessage.Implementation): number =>
  readAttackCard(message.system)?.journal.revision ?? -1;

/**
 * The GM's hands on one attack card in the chat log (ui.chat): the buttons rendered in its `.message-content`, and a
 * click that waits for the card's next revision to be written and drawn again before anything reads the DOM.
 */
export class CardTable {
  constructor(readonly message: ChatMessage.Implementation) {}

  data = (): AttackCardData | null => readAttackCard(this.#live().system);
  pending = (): boolean => readPendingCard(this.#live().system) !== null;

  /** The card's element in the chat log, or null while it is not drawn there. */
  element(): HTMLElement | null {
    const id = this.message.id ?? "";
    return (
      ui.chat.element?.querySelector<HTMLElement>(`.chat-message[data-message-id="${id}"] .message-content`) ?? null
    );
  }

  /** The revision the card was last drawn at (attack-card-model.ts writes it on the card). */
  drawnRevision(): number | null {
    const shown = this.element()?.querySelector<HTMLElement>(".fray-attack-card[data-revision]")?.dataset.revision;
    return shown === undefined ? null : Number(shown);
  }

  /** Wait for the card to be drawn in the chat log at the revision its data holds. */
  async drawn(what: string): Promise<void> {
    await until(
      `the chat log's drawing of the attack card ${what}`,
      () => this.drawnRevision() === cardRevision(this.#live()),
    );
  }

  /** The answers a waiting card offers this user (strain's defence). */
  answers(): HTMLButtonElement[] {
    return [...(this.element()?.querySelectorAll<HTMLButtonElement>("[data-fray-card-answer]") ?? [])];
  }

  /** Every step button the card offers this user, the GM's undo included. */
  offered(): CardControl[] {
    const out: CardControl[] = [];
    for (const button of this.element()?.querySelectorAll<HTMLButtonElement>("[data-fray-card-command]") ?? []) {
      const command: unknown = JSON.parse(button.dataset.frayCardCommand ?? "null");
      if (!command || typeof command !== "object" || typeof (command as { type?: unknown }).type !== "string")
        throw new Error(`a card button carries no command: ${button.dataset.frayCardCommand ?? ""}`);
      out.push({ command: command as CardControl["command"], button });
    }
    return out;
  }

  /** Click a button and wait for the card's data to move past `from` and be drawn again. */
  async press(button: HTMLButtonElement, what: string): Promise<void> {
    const from = cardRevision(this.#live());
    const wasPending = this.pending();
    button.click();
    await until(`an update of the attack card after clicking ${what}`, () =>
      wasPending ? !this.pending() && this.data() !== null : cardRevision(this.#live()) !== from,
    );
    await this.drawn(`after clicking ${what}`);
  }

  #live(): ChatMessage.Implementation {
    const live = game.messages.get(this.message.id ?? "");
    if (!live) throw new Error(`the attack card ${this.message.id ?? ""} was deleted`);
    return live;
  }
}
