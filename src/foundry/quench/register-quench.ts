import { looseHooks, type Quench } from "./quench-types.js";
import { theGame } from "../game/game-port.js";

type QuenchBatches = typeof import("./all-batches.js");

/** The separate chunk that holds the batches (a dynamic import, so the bundler leaves it out of fray.mjs). */
const loadBatches = (): Promise<QuenchBatches> => import("./all-batches.js");

/**
 * In-Foundry tests for real worlds, run from the Quench module's window. The batches load as a chunk of their own,
 * only when Quench is active: the import starts in `init`, so it has arrived by the time Quench calls `quenchReady`
 * (in `setup`) or runs its batches by itself (in `ready`). Without Quench this adds two idle hook listeners and
 * fetches nothing.
 */
export function registerQuenchBatches(load: () => Promise<QuenchBatches> = loadBatches): void {
  let batches: Promise<QuenchBatches> | undefined;
  looseHooks().once("init", () => {
    if (theGame().modules.get("quench")?.active) batches = load();
  });
  looseHooks().on("quenchReady", (quench: Quench) => {
    (batches ??= load()).then(
      (b) => b.registerAllBatches(quench),
      (e: unknown) => console.error("Fray | the Quench batches did not load", e),
    );
  });
}
