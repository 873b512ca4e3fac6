import { dropUnheld, removeAsked, removeCombatantsOf } from "./combat-removal-steps.js";
import { heldByFight, inFight } from "./in-fight.js";
import { theGame } from "../../game/game-port.js";

/**
 * Foundry deletes combatants from its own controls without asking a system's rules: the tracker's Remove Combatant,
 * the token HUD's combat toggle (TokenDocument.deleteCombatants), a deleted token (Combat._onDeleteTokens, on the
 * deleting user's client), a macro. In a Fray fight the turn order would then name a combatant that no longer exists.
 * So a combatant of a started fight is never deleted: it leaves through the turn order's `remove`, which the GM can
 * undo (combat-removal-steps.ts). Foundry adds combatants the same way (the toggle, an actor's rollInitiative, a
 * macro): in a fight under way that is refused, as no turn order lets one join.
 */
export function registerCombatRemoval(): void {
  Hooks.on("preCreateCombatant", (combatant) => allowJoining(combatant));
  Hooks.on("createCombatant", (combatant) => {
    if (theGame().user.isActiveGM && inFight(combatant.parent)) void dropUnheld(combatant);
  });
  Hooks.on("preDeleteCombatant", (combatant) => allowDeletion(combatant));
  Hooks.on("deleteToken", (token) => {
    const game = theGame();
    if (game.user.isActiveGM) void removeCombatantsOf(token, game);
  });
}

/**
 * The preCreateCombatant hook, on the client asking for the creation (the token HUD's combat toggle, an actor's
 * rollInitiative, a macro): false in a Fray fight under way. None of Fray's turn orders has a command for joining one:
 * its roster is set at Begin. A client that skips the hook creates anyway; the active GM then takes the combatant out
 * (`dropUnheld`).
 */
function allowJoining(combatant: Combatant.Implementation): boolean {
  if (!inFight(combatant.parent)) return true;
  ui.notifications.warn("FRAY.Tracker.JoinInFight", { format: { name: combatant.name ?? "" } });
  return false;
}

/**
 * The preDeleteCombatant hook, on the client asking for the deletion: false (refused) for a combatant of a Fray fight,
 * whose removal then goes through the turn order. The combatant of a token already deleted is removed by the active
 * GM (`removeCombatantsOf`), once for everyone. One the turn order does not hold (added behind it) may go.
 */
function allowDeletion(combatant: Combatant.Implementation): boolean {
  if (!inFight(combatant.parent) || !heldByFight(combatant.parent, combatant.id ?? "")) return true;
  if (!(combatant.tokenId && !combatant.token)) void removeAsked(combatant);
  return false;
}
