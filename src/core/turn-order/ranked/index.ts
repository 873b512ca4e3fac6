export * from "./initiative-order.js";
export * from "./sides.js";
export * from "./ranked-types.js";
export * from "./ranked-engine.js";
