import { DEFAULT_TEAMS_ECONOMY } from "../../economy/teams.js";
import type { TeamsOptions } from "./types.js";

/** The rulings a table may change, as the text reads literally; apart from the engine so a settings page reads them without it. */
export const DEFAULT_TEAMS_OPTIONS: TeamsOptions = { ...DEFAULT_TEAMS_ECONOMY, surpriseOrder: "initiative" };
