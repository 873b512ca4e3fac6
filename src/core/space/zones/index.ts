export * from "./zone-map.js";
export * from "./zone-place.js";
export * from "./zone-options.js";
export * from "./zone-state.js";
export * from "./nearby.js";
export * from "./zone-movement.js";
export * from "./blast.js";
export * from "./attack-reach.js";
