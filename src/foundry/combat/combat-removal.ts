import { formatData } from "../i18n.js";
import { FrayCombat } from "./fray-combat.js";
import { requestTurn } from "./turn-client.js";
import type { TurnCommand } from "./turn-command.js";

/**
 * Foundry deletes combatants from its own controls without asking a system's rules: the tracker's Remove Combatant,
 * the token HUD's combat toggle (TokenDocument.deleteCombatants), a deleted token (Combat._onDeleteTokens, on the
 * deleting user's client), a macro. In a Fray fight the turn order would then name a combatant that no longer exists.
 * So a combatant of a started fight is never deleted: it leaves through the turn order's `remove`, which the GM can undo.
 */
export function registerCombatRemoval(): void {
  Hooks.on("preDeleteCombatant", (combatant) => allowDeletion(combatant));
  Hooks.on("deleteToken", (token) => void removeCombatantsOf(token));
}

/** The turn order's removal of a combatant, when it would take one now: not for one already out, nor after the end. */
export function removeCommand(combat: FrayCombat, combatantId: string): TurnCommand | null {
  const journal = combat.journal;
  const mode = combat.mode;
  if (!journal || !mode) return null;
  return mode.engine.legal(journal.state).find((c) => c.type === "remove" && c.combatant === combatantId) ?? null;
}

/** Whether the combatant's combat is a Fray fight under way (or stored damaged): its turn order holds it. */
function inFight(combat: unknown): combat is FrayCombat {
  return combat instanceof FrayCombat && !!combat.modeInfo && combat.storedFight.kind !== "none";
}

/**
 * The preDeleteCombatant hook, on the client asking for the deletion: false (refused) for a combatant of a Fray fight.
 * The GM's request becomes the turn order's removal; a player is told the GM removes combatants in a fight. The
 * combatant of a token already deleted is removed by the active GM (`removeCombatantsOf`), once for everyone.
 */
function allowDeletion(combatant: Combatant.Implementation): boolean {
  const combat = combatant.parent;
  if (!inFight(combat)) return true;
  if (combatant.tokenId && !combatant.token) return false;
  if (!game.user.isGM) {
    ui.notifications.warn("FRAY.Tracker.RemoveInFight", { localize: true });
    return false;
  }
  const remove = removeCommand(combat, combatant.id ?? "");
  if (remove) void requestTurn(combat, remove);
  else ui.notifications.warn(game.i18n.format("FRAY.Tracker.CannotRemove", formatData({ name: combatant.name ?? "" })));
  return false;
}

/** On the active GM's client, when a token is deleted: its combatants leave their fights through the turn order. */
async function removeCombatantsOf(token: TokenDocument.Implementation): Promise<void> {
  if (!game.user.isActiveGM) return;
  const sceneId = token.parent?.id ?? null;
  for (const combat of game.combats) {
    if (!inFight(combat)) continue;
    const gone = combat.combatants.contents.filter((c) => c.tokenId === token.id && c.sceneId === sceneId);
    if (gone.length === 0) continue;
    // The engine of a started fight is preloaded; wait for it in case it is not there yet.
    if (!(await combat.loadMode().catch(() => undefined))) continue;
    for (const c of gone) {
      const remove = removeCommand(combat, c.id ?? "");
      if (remove) await requestTurn(combat, remove);
    }
  }
}
