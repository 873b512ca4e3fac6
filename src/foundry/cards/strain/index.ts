export { strainAttackCard } from "./card.js";
export { defencesAgainst } from "./open.js";
export type { StrainCardSetup } from "./setup.js";
