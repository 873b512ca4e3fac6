export * from "./dice-tray.js";
export * from "./dice3d.js";
export * from "./foundry-dice-tray.js";
export * from "./foundry-rolls.js";
export * from "./roll-shapes.js";
export * from "./step-rolls.js";
export * from "./sealed-dice.js";
export * from "./chat-rolls.js";
