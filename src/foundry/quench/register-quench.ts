import { registerAttacksBatch } from "./attacks-batch.js";
import { registerFightsBatch } from "./fights-batch.js";
import { looseHooks, type Quench } from "./quench-types.js";
import { registerTrackerBatch } from "./tracker-batch.js";

/**
 * In-Foundry tests for real worlds, run from the Quench module's window. Registered only when Quench
 * is active (it calls `quenchReady`); without it this adds one idle hook listener and nothing else.
 */
export function registerQuenchBatches(): void {
  looseHooks().on("quenchReady", (quench: Quench) => {
    registerTrackerBatch(quench);
    registerFightsBatch(quench);
    registerAttacksBatch(quench);
  });
}
