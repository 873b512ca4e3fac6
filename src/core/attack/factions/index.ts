export * from "./character.js";
export * from "./saves.js";
export * from "./damage.js";
export * from "./gear.js";
export * from "./grapple.js";
export * from "./blast.js";
export * from "./factions-attack.js";
export * from "./quick-attack.js";
