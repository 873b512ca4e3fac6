import type { FactionsOptions } from "./types.js";

/** The rulings a table may change (FactionsOptions), as the texts read literally; apart from the engine so a settings page reads them without it. */
export const DEFAULT_FACTIONS_OPTIONS: FactionsOptions = {
  passIsFinal: false,
  fastSlow: false,
  declarationSeconds: null,
  reactAfterActing: false,
  ambushUsesFirstTurn: false,
};
