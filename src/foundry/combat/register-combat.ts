import { FrayCombatModel } from "./combat-model.js";
import { FrayCombat } from "./fray-combat.js";
import { currentRuleset } from "../settings/ruleset.js";
import { initiativeFormula, MODE_INFO } from "./mode-info.js";
import { registerTurnRequests } from "./turn-client.js";

/** Combat types, the Combat class and the GM's handler of turn requests. The tracker registers itself (tracker/). */
export function registerCombat(): void {
  CONFIG.Combat.documentClass = FrayCombat;
  for (const mode of Object.keys(MODE_INFO)) CONFIG.Combat.dataModels[mode] = FrayCombatModel;
  registerTurnRequests();
  // The world's rule set is readable once settings are (after init): its turn order's formula, from the core.
  Hooks.once("setup", () => {
    CONFIG.Combat.initiative = { formula: initiativeFormula(currentRuleset()), decimals: 0 };
  });
}
