import { FrayCompendiumDirectory } from "./fray-compendium-directory.js";

/** The Compendium Packs tab offers the world's rule set's packs (and the shared ones) only. */
export function registerCompendium(): void {
  CONFIG.ui.compendium = FrayCompendiumDirectory;
}
