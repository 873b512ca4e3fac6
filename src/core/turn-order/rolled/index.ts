export * from "./rolled-types.js";
export * from "./rolled-engine.js";
