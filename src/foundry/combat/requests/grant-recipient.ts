import { theGame, type GamePort } from "../../game/game-port.js";
/** A combatant as the recipient choice reads it. */
export interface RecipientCandidate {
  readonly id: string | null;
  readonly name: string | null | undefined;
  readonly hidden: boolean;
  readonly isDefeated: boolean;
}

interface RecipientChoice {
  readonly id: string;
  readonly name: string;
}

/**
 * SEC-06: who else may take the Move a card grants: every other combatant of the fight still standing, as the user
 * sees them (a player is not offered a hidden one; the GM's check refuses it anyway, combat/requests/card-play.ts).
 */
export function recipientChoices(
  combatants: Iterable<RecipientCandidate>,
  own: string,
  isGM: boolean,
): RecipientChoice[] {
  const out: RecipientChoice[] = [];
  for (const c of combatants)
    if (c.id && c.id !== own && !c.isDefeated && (isGM || !c.hidden)) out.push({ id: c.id, name: c.name ?? c.id });
  return out;
}

/**
 * Ask which entity takes the card's movement, the player's own combatant first and chosen by default (Enter plays
 * it). Resolves to the chosen combatant's id, or null when the dialog is closed.
 */
export async function askRecipient(
  card: string,
  own: RecipientChoice,
  others: readonly RecipientChoice[],
  { i18n }: Pick<GamePort, "i18n"> = theGame(),
): Promise<string | null> {
  const { escapeHTML } = foundry.utils;
  const option = (c: RecipientChoice, label: string) =>
    `<option value="${escapeHTML(c.id)}">${escapeHTML(label)}</option>`;
  const options = [
    option(own, i18n.format("FRAY.Play.Recipient.Self", { name: own.name })),
    ...others.map((c) => option(c, c.name)),
  ];
  const content = `<div class="form-group">
    <label for="fray-recipient">${escapeHTML(i18n.localize("FRAY.Play.Recipient.Label"))}</label>
    <select id="fray-recipient" name="recipient" autofocus>${options.join("")}</select>
    <p class="hint">${escapeHTML(i18n.localize("FRAY.Play.Recipient.Hint"))}</p>
  </div>`;
  const chosen: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: i18n.format("FRAY.Play.Recipient.Title", { card }) },
    content,
    buttons: [
      {
        action: "play",
        label: "FRAY.Play.Play",
        icon: "fa-solid fa-play",
        default: true,
        callback: (_event, button) =>
          (button.form?.elements.namedItem("recipient") as HTMLSelectElement | null)?.value ?? null,
      },
    ],
    rejectClose: false,
  });
  return typeof chosen === "string" ? chosen : null;
}
