export * from "./outcome.js";
export * from "./roller.js";
export * from "./engine.js";
export * from "./journal.js";
export * from "./trusted.js";
export * from "./guards.js";
export * from "./shown.js";
export * from "./dealing.js";
