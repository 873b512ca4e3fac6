import { rankedEngine } from "../../core/turn-order/ranked/index.js";
import { rolledEngine } from "../../core/turn-order/rolled/index.js";
import { sectionsEngine } from "../../core/turn-order/sections/index.js";
import { factionsEngine } from "../../core/turn-order/factions/index.js";
import { teamsEngine } from "../../core/turn-order/teams/index.js";
import { withEngine, type CombatMode } from "./mode-info.js";

export {
  initiativeFormula,
  MODE_FOR_RULESET,
  type CombatMode,
  type CombatModeInfo,
  type ModeEngine,
  type StartOptions,
} from "./mode-info.js";

/**
 * Every turn order with its engine, for the tests, the simulator and the Quench batches. fray.mjs does not import this
 * table: a world loads only the engines it runs, through mode-registry.ts.
 */
export const COMBAT_MODES: Readonly<Record<string, CombatMode>> = {
  ranked: withEngine("ranked", rankedEngine),
  rolled: withEngine("rolled", rolledEngine),
  teams: withEngine("teams", teamsEngine),
  factions: withEngine("factions", factionsEngine),
  sections: withEngine("sections", sectionsEngine),
};
