// The arithmetic of one escalation attack: the card pipeline's steps use it, and the simulator's fast run
// (src/core/fast) too.
export * from "./declaration.js";
export * from "./to-hit.js";
export * from "./damage.js";
