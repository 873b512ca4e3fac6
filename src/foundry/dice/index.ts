export * from "./dice-tray.js";
export * from "./foundry-dice-tray.js";
