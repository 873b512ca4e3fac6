import { FrayCombatModel } from "./combat-model.js";
import { FrayCombat } from "./fray-combat.js";
import { COMBAT_MODES } from "./modes.js";
import { registerTurnRequests } from "./turn-client.js";

/** Combat types, the Combat class and the GM's handler of turn requests. The tracker registers itself (tracker/). */
export function registerCombat(): void {
  CONFIG.Combat.documentClass = FrayCombat;
  for (const mode of Object.keys(COMBAT_MODES)) CONFIG.Combat.dataModels[mode] = FrayCombatModel;
  registerTurnRequests();
}
