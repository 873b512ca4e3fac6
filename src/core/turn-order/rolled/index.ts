export * from "./types.js";
export { rolledEngine } from "./engine.js";
export { initiativeOrder, upNow } from "./places.js";
