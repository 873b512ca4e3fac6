// The batches themselves are not exported here: they load lazily (see register-quench.ts), and a static re-export
// would pull them back into the main bundle.
export { registerQuenchBatches } from "./register-quench.js";
export type { Quench, QuenchBatchContext } from "./quench-types.js";
