export * from "../shared/initiative-order.js";
export * from "../shared/sides.js";
export * from "./types.js";
export { rankedEngine } from "./engine.js";
