import { LazyRegistry } from "../lazy/lazy-registry.js";
import { reportLoadFailed } from "../lazy/report-load-failed.js";
import { withEngine, type CombatMode } from "./mode-info.js";

/**
 * Each turn order's engine is its own chunk (dist/chunks/), loaded when a combat of that type needs it; the world's
 * own is asked for at init (`preloadCombatMode`), so it is normally there before anyone opens the tracker.
 */
const registry = new LazyRegistry<CombatMode>(
  "turnOrder",
  {
    ranked: () => import("../../core/turn-order/ranked/engine.js").then((m) => withEngine("ranked", m.rankedEngine)),
    rolled: () => import("../../core/turn-order/rolled/engine.js").then((m) => withEngine("rolled", m.rolledEngine)),
    teams: () => import("../../core/turn-order/teams/engine.js").then((m) => withEngine("teams", m.teamsEngine)),
    factions: () => import("../../core/turn-order/factions/engine.js").then((m) => withEngine("factions", m.factionsEngine)),
    sections: () => import("../../core/turn-order/sections/engine.js").then((m) => withEngine("sections", m.sectionsEngine)),
  },
  (what, id, error) => reportLoadFailed(what, id, error),
);

/** The turn order `id` with its engine; rejects for an unknown id or a failed load (told once on screen). */
export function loadCombatMode(id: string): Promise<CombatMode> {
  return registry.load(id);
}

/** The turn order if its engine has loaded; undefined before (or for an id that is no turn order). */
export function loadedCombatMode(id: string): CombatMode | undefined {
  return registry.loaded(id);
}

/** Whether `id` is a turn order whose engine failed to load. */
export function combatModeFailed(id: string): boolean {
  return registry.failed(id);
}

/** Start loading a turn order's engine without waiting. */
export function preloadCombatMode(id: string): void {
  registry.preload(id);
}
