import { removeAsked, removeCombatantsOf } from "./combat-removal-steps.js";
import { inFight } from "./in-fight.js";

/**
 * Foundry deletes combatants from its own controls without asking a system's rules: the tracker's Remove Combatant,
 * the token HUD's combat toggle (TokenDocument.deleteCombatants), a deleted token (Combat._onDeleteTokens, on the
 * deleting user's client), a macro. In a Fray fight the turn order would then name a combatant that no longer exists.
 * So a combatant of a started fight is never deleted: it leaves through the turn order's `remove`, which the GM can
 * undo (combat-removal-steps.ts).
 */
export function registerCombatRemoval(): void {
  Hooks.on("preDeleteCombatant", (combatant) => allowDeletion(combatant));
  Hooks.on("deleteToken", (token) => {
    if (game.user.isActiveGM) void removeCombatantsOf(token);
  });
}

/**
 * The preDeleteCombatant hook, on the client asking for the deletion: false (refused) for a combatant of a Fray fight,
 * whose removal then goes through the turn order. The combatant of a token already deleted is removed by the active
 * GM (`removeCombatantsOf`), once for everyone.
 */
function allowDeletion(combatant: Combatant.Implementation): boolean {
  if (!inFight(combatant.parent)) return true;
  if (!(combatant.tokenId && !combatant.token)) void removeAsked(combatant);
  return false;
}
