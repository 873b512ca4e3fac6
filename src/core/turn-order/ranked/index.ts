export * from "../shared/initiative-order.js";
export * from "../shared/sides.js";
export * from "./types.js";
export { DEFAULT_RANKED_OPTIONS } from "./options.js";
export { rankedEngine } from "./engine.js";
