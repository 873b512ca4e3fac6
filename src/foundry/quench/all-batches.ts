import { registerAdventuresBatch } from "./adventures/adventures-batch.js";
import { registerAttacksBatch } from "./attacks/attacks-batch.js";
import { registerFightsBatch } from "./fights/fights-batch.js";
import { registerFoundryBatch } from "./foundry/foundry-batch.js";
import { registerMovementBatch } from "./movement/movement-batch.js";
import type { Quench } from "./quench-types.js";
import { registerTrackerBatch } from "./tracker/tracker-batch.js";

/**
 * Every in-Foundry batch, in the order Quench lists them. Only `register-quench.ts` reaches this module, and only by a
 * dynamic import: the batches, their fixtures and casts build into a chunk of their own that worlds without Quench
 * never load.
 */
export function registerAllBatches(quench: Quench): void {
  registerTrackerBatch(quench);
  registerFightsBatch(quench);
  registerAttacksBatch(quench);
  registerMovementBatch(quench);
  registerFoundryBatch(quench);
  registerAdventuresBatch(quench);
}
