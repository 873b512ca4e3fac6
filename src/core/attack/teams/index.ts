export * from "./armour.js";
export * from "./combatant.js";
export * from "./test-pools.js";
export * from "./options.js";
export * from "./attack.js";
export * from "./types.js";
export * from "./engine.js";
