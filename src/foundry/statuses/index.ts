export * from "./status-effects.js";
export * from "./status-mirror.js";
export * from "./register-status-effects.js";
