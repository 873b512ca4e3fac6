export * from "./types.js";
export * from "./engine.js";
export * from "./legal.js";
export * from "./view.js";
export * from "./check-state.js";
export { liveSides, mayAct, nextInList, sideUp } from "./order.js";
