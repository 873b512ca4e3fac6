export * from "./combatant.js";
export * from "./effective-dice.js";
export * from "./acrobatics.js";
export * from "./incantation.js";
export * from "./types.js";
export * from "./engine.js";
export * from "./heal.js";
export * from "./quick-attack.js";
