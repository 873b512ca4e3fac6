import { heldByFight, inFight, removeCommand } from "./in-fight.js";
import { requestTurn } from "../requests/turn-client.js";
import { theGame, type GamePort } from "../../game/game-port.js";

/**
 * A deletion Foundry asked for in a Fray fight (combat-removal.ts refused it): the GM's becomes the turn order's
 * removal; a player is told the GM removes combatants in a fight.
 */
export async function removeAsked(
  combatant: Combatant.Implementation,
  game: Pick<GamePort, "user"> = theGame(),
): Promise<void> {
  const combat = combatant.parent;
  if (!inFight(combat)) return;
  if (!game.user.isGM) return void ui.notifications.warn("FRAY.Tracker.RemoveInFight", { localize: true });
  const remove = removeCommand(combat, combatant.id ?? "");
  if (remove) await requestTurn(combat, remove);
  else ui.notifications.warn("FRAY.Tracker.CannotRemove", { format: { name: combatant.name ?? "" } });
}

/** On the active GM's client, when a token is deleted: its combatants leave their fights through the turn order. */
export async function removeCombatantsOf(
  token: TokenDocument.Implementation,
  game: Pick<GamePort, "combats"> = theGame(),
): Promise<void> {
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

/**
 * On the active GM's client, when a combatant is created in a Fray fight: one its turn order does not hold came from a
 * client that skipped the preCreateCombatant refusal, and is deleted again (the fight never heard of it).
 */
export async function dropUnheld(combatant: Combatant.Implementation): Promise<void> {
  const combat = combatant.parent;
  if (!inFight(combat) || !combat.mode) return;
  if (heldByFight(combat, combatant.id ?? "")) return;
  await combatant.delete();
  ui.notifications.warn("FRAY.Tracker.JoinedAnyway", { format: { name: combatant.name ?? "" } });
}
