import { FrayCombatModel } from "./combat-model.js";
import { registerCombatRemoval } from "./combat-removal.js";
import { FrayCombat } from "./fray-combat.js";
import { currentRuleset } from "../settings/ruleset.js";
import { initiativeFormula, MODE_INFO } from "./mode-info.js";
import { registerTurnRequests } from "./turn-client.js";

/**
 * Combat types, the Combat class, the GM's handler of turn requests and the guard on deleting a fight's combatants.
 * The tracker registers itself (tracker/).
 */
export function registerCombat(): void {
  CONFIG.Combat.documentClass = FrayCombat;
  for (const mode of Object.keys(MODE_INFO)) CONFIG.Combat.dataModels[mode] = FrayCombatModel;
  registerTurnRequests();
  // Foundry's own deletions of a fight's combatants become the turn order's removals.
  registerCombatRemoval();
  // The world's rule set is readable once settings are (after init): its turn order's formula, from the core.
  Hooks.once("setup", () => {
    CONFIG.Combat.initiative = { formula: initiativeFormula(currentRuleset()), decimals: 0 };
  });
}
