import { FrayCombatTracker } from "../tracker/fray-combat-tracker.js";
import { FrayCombatModel } from "./combat-model.js";
import { FrayCombat } from "./fray-combat.js";
import { COMBAT_MODES } from "./modes.js";
import { registerQueries } from "./queries.js";

/** Combat types, the Combat class, the tracker and the GM's request handler. */
export function registerCombat(): void {
  CONFIG.Combat.documentClass = FrayCombat;
  for (const mode of Object.keys(COMBAT_MODES)) CONFIG.Combat.dataModels[mode] = FrayCombatModel;
  CONFIG.ui.combat = FrayCombatTracker;
  registerQueries();
}
