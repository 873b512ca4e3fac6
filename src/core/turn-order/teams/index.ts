export * from "./types.js";
export { DEFAULT_TEAMS_OPTIONS } from "./options.js";
export { teamsEngine } from "./engine.js";
export { canTakeTurn, teamInitiative } from "./order.js";
export { cloneData, draftShared, edit, isCount, type Draft, type DraftCopies } from "../shared/copy-data.js";
