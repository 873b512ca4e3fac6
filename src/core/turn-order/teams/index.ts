export * from "./types.js";
export { DEFAULT_TEAMS_OPTIONS, teamsEngine, validTeamsState } from "./engine.js";
export { brokenView } from "../shared/broken-view.js";
export { canTakeTurn, teamInitiative } from "./order.js";
export * from "./legal.js";
export * from "./view.js";
export { cloneData, draftShared, edit, isCount, type Draft, type DraftCopies } from "../shared/copy-data.js";
