export * from "./types.js";
export { checkState, isSoundState, sectionsEngine } from "./engine.js";
export * from "./legal.js";
export * from "./view.js";
export { liveSides, mayAct, nextInList, sideUp } from "./order.js";
