import { FrayCombatTracker } from "./fray-combat-tracker.js";

/** Fray's combat tracker in the sidebar. */
export function registerTracker(): void {
  CONFIG.ui.combat = FrayCombatTracker;
}
