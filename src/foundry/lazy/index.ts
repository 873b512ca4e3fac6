export { LazyRegistry, type LoadFailed } from "./lazy-registry.js";
export { preloadWorldRules } from "./preload-world-rules.js";
export { reportLoadFailed } from "./report-load-failed.js";
