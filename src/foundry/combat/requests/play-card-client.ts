import { formatData } from "../../i18n.js";
import type { RequestAnswer } from "../../requests/request-answer.js";
import type { CombatantLike, CombatLike } from "../fight/ports.js";
import { cardPlayOf, playCommand, playedLine } from "./card-play.js";
import { askRecipient, recipientChoices, type RecipientCandidate } from "./grant-recipient.js";
import { requestTurn } from "./turn-client.js";
import { theGame, type GamePort } from "../../game/game-port.js";

type ActorFight = { readonly combat: CombatLike; readonly combatant: CombatantLike };

/** The started combat in which the actor has a combatant, the one acting first (the sheet's actor, linked or not). */
function fightOfActor(actor: Actor.Implementation, game: Pick<GamePort, "combats">): ActorFight | null {
  let found: ActorFight | null = null;
  for (const combat of game.combats) {
    if (!combat.started) continue;
    const acting = (combat as unknown as { frayView?: { acting: string | null } | null }).frayView?.acting ?? null;
    for (const c of combat.combatants) {
      if (c.actor?.uuid !== actor.uuid || !c.id) continue;
      const fight = { combat: combat as unknown as CombatLike, combatant: c as unknown as CombatantLike };
      if (c.id === acting) return fight;
      found ??= fight;
    }
  }
  return found;
}

/**
 * A card row's Play (SEC-06): the spend of the card's Phase with the Move it grants, sent through the turn request
 * path as the tracker's controls are (the GM checks the sender owns the combatant, the revision, and that the grant is
 * the card's own: combat/requests/card-play.ts), for the actor's combatant or, chosen in a dialog, another in the
 * fight; once played, a chat line says what. Refusals are shown as warnings.
 */
export async function playCard(
  actor: Actor.Implementation,
  itemId: string,
  /** The recipient's combatant id when the caller knows it (a macro, the Quench batch): no dialog is shown. */
  chosen?: string,
): Promise<RequestAnswer | null> {
  const item = actor.items.get(itemId);
  const play = item ? cardPlayOf({ id: item.id, type: item.type, system: item.system }) : null;
  if (!item || !play) return null;
  const game = theGame();
  const fight = fightOfActor(actor, game);
  if (!fight?.combatant.id) {
    ui.notifications.warn(game.i18n.localize("FRAY.Play.NoFight"));
    return null;
  }
  const own = fight.combatant.id;
  const name = fight.combatant.hidden
    ? game.i18n.localize("FRAY.Tracker.Someone")
    : (fight.combatant.name ?? actor.name ?? "");
  // SEC-06: another entity in the fight may take the card's movement; asked only when there is one.
  const candidates = (fight.combat.combatants as unknown as { contents: RecipientCandidate[] }).contents;
  const others = recipientChoices(candidates, own, game.user.isGM);
  const to = chosen ?? (others.length > 0 ? await askRecipient(item.name ?? "", { id: own, name }, others, game) : own);
  if (to === null) return null;
  const answer = await requestTurn(fight.combat, playCommand(play, own, to));
  if (!answer.ok) return answer;
  // A message's content is HTML: every value (a name, the card's, the Move's words) goes in as text.
  const format = (key: string, data?: Record<string, string | number>) =>
    game.i18n.format(
      key,
      Object.fromEntries(Object.entries(formatData(data)).map(([k, v]) => [k, foundry.utils.escapeHTML(v)])),
    );
  const recipient = to === own ? undefined : (others.find((c) => c.id === to)?.name ?? to);
  await ChatMessage.create({
    content: playedLine(format, name, item.name ?? "", play.grant, recipient),
    speaker: ChatMessage.getSpeaker({ actor }),
  });
  return answer;
}
