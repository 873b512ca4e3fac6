// The arithmetic of one escalation attack, the card pipeline's steps and the simulator's fast run (src/core/fast) alike.
export * from "./declaration.js";
export * from "./to-hit.js";
export * from "./damage.js";
