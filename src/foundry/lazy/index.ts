export { LazyRegistry, type LoadFailed } from "./lazy-registry.js";
export { reportLoadFailed } from "./report-load-failed.js";
