export * from "./types.js";
// Not OWN_STATES: which states the engine trusts is its own business.
export { factionsEngine, validFactionsState } from "./engine.js";
export { DEFAULT_FACTIONS_OPTIONS } from "./options.js";
export { canTakeTurn, factionInPlay, factionsInPlay, inFight } from "./in-play.js";
export * from "./legal.js";
export * from "./view.js";
export * from "./morale.js";
