// The arithmetic of one teams attack, shared by the card pipeline and the simulator's fast run (src/core/fast).
export * from "./declaration.js";
export * from "./to-hit.js";
export * from "./damage.js";
export * from "./health.js";
