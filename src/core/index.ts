// The rules core: pure TypeScript, no Foundry, no DOM. See docs/architecture.md.
export * from "./shared/index.js";
export * from "./dice/index.js";
