import { LazyRegistry } from "../lazy/lazy-registry.js";
import { reportLoadFailed } from "../lazy/report-load-failed.js";

type OddsModule = typeof import("./odds-controller.js");

/** The odds are the GM's alone: their code loads with the GM's first tracker, and a player's client never fetches it. */
const registry = new LazyRegistry<OddsModule>("odds", { odds: () => import("./odds-controller.js") }, (what, id, error) =>
  reportLoadFailed(what, id, error),
);

/** The odds controller's module; rejects when it cannot load (told once on screen). */
export function loadOdds(): Promise<OddsModule> {
  return registry.load("odds");
}
