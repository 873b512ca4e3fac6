export * from "./types.js";
export { INITIATIVE_DICE, rolledEngine } from "./engine.js";
export { initiativeOrder, upNow } from "./places.js";
