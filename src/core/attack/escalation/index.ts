export * from "./combatant.js";
export * from "./options.js";
export * from "./defence.js";
export * from "./attack.js";
export * from "./summoning.js";
export * from "./cast-time.js";
export * from "./types.js";
export * from "./engine.js";
