export * from "./character.js";
export * from "./contest.js";
export * from "./loads.js";
export * from "./buffs.js";
export * from "./triggers.js";
export * from "./types.js";
export * from "./roll-modifiers.js";
export * from "./engine.js";
