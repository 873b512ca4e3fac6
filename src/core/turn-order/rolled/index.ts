export * from "./types.js";
export { DEFAULT_ROLLED_OPTIONS } from "./options.js";
export { rolledEngine } from "./engine.js";
export { INITIATIVE_DICE } from "./initiative-dice.js";
export { initiativeOrder, upNow } from "./places.js";
