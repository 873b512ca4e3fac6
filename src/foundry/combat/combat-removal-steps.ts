import { formatData } from "../i18n.js";
import { inFight, removeCommand } from "./in-fight.js";
import { requestTurn } from "./turn-client.js";

/**
 * A deletion Foundry asked for in a Fray fight (combat-removal.ts refused it): the GM's becomes the turn order's
 * removal; a player is told the GM removes combatants in a fight.
 */
export async function removeAsked(combatant: Combatant.Implementation): Promise<void> {
  const combat = combatant.parent;
  if (!inFight(combat)) return;
  if (!game.user.isGM) return void ui.notifications.warn("FRAY.Tracker.RemoveInFight", { localize: true });
  const remove = removeCommand(combat, combatant.id ?? "");
  if (remove) await requestTurn(combat, remove);
  else ui.notifications.warn(game.i18n.format("FRAY.Tracker.CannotRemove", formatData({ name: combatant.name ?? "" })));
}

/** On the active GM's client, when a token is deleted: its combatants leave their fights through the turn order. */
export async function removeCombatantsOf(token: TokenDocument.Implementation): Promise<void> {
  const sceneId = token.parent?.id ?? null;
  for (const combat of game.combats) {
    if (!inFight(combat)) continue;
    const gone = combat.combatants.contents.filter((c) => c.tokenId === token.id && c.sceneId === sceneId);
    if (gone.length === 0) continue;
    for (const c of gone) {
      const remove = removeCommand(combat, c.id ?? "");
      if (remove) await requestTurn(combat, remove);
    }
  }
}
