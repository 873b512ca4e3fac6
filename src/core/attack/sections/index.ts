export * from "./combatant.js";
export * from "./effective-dice.js";
export * from "./acrobatics.js";
export * from "./incantation.js";
export * from "./sections-attack.js";
export * from "./quick-attack.js";
