export * from "./types.js";
export { teamsEngine, validTeamsState } from "./engine.js";
export { DEFAULT_TEAMS_OPTIONS } from "./options.js";
export { brokenView } from "../shared/broken-view.js";
export { canTakeTurn, teamInitiative } from "./order.js";
export * from "./legal.js";
export * from "./view.js";
export { cloneData, draftShared, edit, isCount, type Draft, type DraftCopies } from "../shared/copy-data.js";
