export * from "./character.js";
export * from "./contest.js";
export * from "./loads.js";
export * from "./buffs.js";
export * from "./triggers.js";
export * from "./strain-attack.js";
export * from "./quick-attack.js";
