// The arithmetic of one teams attack, shared by the card pipeline and the quick resolver (the simulator imports it from
// here).
export * from "./declaration.js";
export * from "./to-hit.js";
export * from "./damage.js";
export * from "./health.js";
export * from "./quick-attack.js";
