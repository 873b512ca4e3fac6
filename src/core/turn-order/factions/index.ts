export * from "./types.js";
export * from "./engine.js";
export * from "./legal.js";
export * from "./view.js";
export * from "./morale.js";
