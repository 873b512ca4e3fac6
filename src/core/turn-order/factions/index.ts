export * from "./types.js";
export { DEFAULT_FACTIONS_OPTIONS } from "./options.js";
export { factionsEngine } from "./engine.js";
export { canTakeTurn, factionInPlay, factionsInPlay, inFight } from "./in-play.js";
export * from "./morale.js";
