import { registerCombatRemoval } from "./removals/combat-removal.js";
import { FrayCombat } from "./fray-combat.js";
import { currentRuleset } from "../settings/ruleset.js";
import { initiativeFormula } from "../rulesets/index.js";
import { registerTurnRequests } from "./requests/turn-client.js";

/**
 * The Combat class, the GM's handler of turn requests and the guard on deleting a fight's combatants. Each rule set
 * registers its combat type (rulesets/); the tracker registers itself (tracker/).
 */
export function registerCombat(): void {
  CONFIG.Combat.documentClass = FrayCombat;
  registerTurnRequests();
  // Foundry's own deletions of a fight's combatants become the turn order's removals.
  registerCombatRemoval();
  // The world's rule set is readable once settings are (after init): its turn order's formula, from the core.
  Hooks.once("setup", () => {
    CONFIG.Combat.initiative = { formula: initiativeFormula(currentRuleset()), decimals: 0 };
  });
}
