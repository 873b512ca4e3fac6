// The rules core: pure TypeScript, no Foundry, no DOM. See docs/architecture.md.
// Shared pieces are exported flat; each rule set's engines under its own namespace, since their
// State/Command/Options types share names by design.
export * from "./shared/index.js";
export * from "./dice/index.js";
export * from "./rulesets.js";
export type * from "./turn-order/types.js";
export type * from "./space/movement.js";
export * as pipeline from "./attack/pipeline.js";

export * as rankedOrder from "./turn-order/ranked/index.js";
export * as rolledOrder from "./turn-order/rolled/index.js";
export * as teamsOrder from "./turn-order/teams/index.js";
export * as factionsOrder from "./turn-order/factions/index.js";
export * as sectionsOrder from "./turn-order/sections/index.js";

export * as escalationEconomy from "./economy/escalation.js";
export * as strainEconomy from "./economy/strain.js";
export * as teamsEconomy from "./economy/teams.js";
export * as factionsEconomy from "./economy/factions.js";
export * as sectionsEconomy from "./economy/sections.js";

export * as sectionsSpace from "./space/sections/index.js";
export * as grid from "./space/grid/index.js";
export * as zones from "./space/zones/index.js";
export * as moveEffects from "./space/move-effects.js";

export * as sectionsAttack from "./attack/sections/index.js";
export * as escalationAttack from "./attack/escalation/index.js";
export * as teamsAttack from "./attack/teams/index.js";
export * as strainAttack from "./attack/strain/index.js";
export * as factionsAttack from "./attack/factions/index.js";
