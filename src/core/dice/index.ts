export * from "./dice-roll.js";
