export { sectionsAttackCard } from "./attack-card.js";
export { reactorOf } from "./roles.js";
export type { SectionsCardOptions } from "./choice-options.js";
