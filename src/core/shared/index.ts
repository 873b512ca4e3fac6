export * from "./outcome.js";
export * from "./roller.js";
export * from "./engine.js";
export * from "./journal.js";
export * from "./guards.js";
export * from "./shown.js";
export * from "./dealing.js";
export * from "./schema.js";
