export * from "./types.js";
export { DEFAULT_SECTIONS_OPTIONS } from "./options.js";
export { sectionsEngine } from "./engine.js";
export { liveSides, mayAct, nextInList, sideUp } from "./order.js";
