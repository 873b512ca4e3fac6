export { registerQuenchBatches } from "./register-quench.js";
export { registerTrackerBatch, TRACKER_BATCH } from "./tracker-batch.js";
export { registerFightsBatch, FIGHTS_BATCH } from "./fights-batch.js";
export { registerAttacksBatch, ATTACKS_BATCH } from "./attacks-batch.js";
export type { Quench, QuenchBatchContext } from "./quench-types.js";
