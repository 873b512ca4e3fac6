// The simulator's fast paths: a turn order or an attack driven fast, on a working copy the run owns, by the rules
// themselves (imported from the rules folders, never copied). One name, "fast run", and one design: fast-run.ts.
export { FastRun, type AppliesCommands } from "./fast-run.js";
export { SectionsFastRun } from "./sections-run.js";
export { RankedFastRun } from "./ranked-run.js";
export { RolledFastRun } from "./rolled-run.js";
export { TeamsFastRun } from "./teams-run.js";
export { FactionsFastRun } from "./factions-run.js";
export {
  EscalationAttackFastRun,
  resolveEscalationAttack,
  type EscalationAttackResult,
} from "./escalation-attack-run.js";
export {
  TeamsAttackFastRun,
  resolveTeamsAttack,
  type TeamsAttackOptions,
  type TeamsAttackResult,
  type TeamsOutcome,
} from "./teams-attack-run.js";
export { StrainAttackFastRun, resolveStrainAttack, type ResolveStrainOptions } from "./strain-attack-run.js";
export {
  IN_SIGHT,
  SectionsAttackFastRun,
  resolveSectionsAttack,
  type ResolveSectionsOptions,
} from "./sections-attack-run.js";
export {
  FactionsAttackFastRun,
  PLAIN_STRIKE,
  resolveFactionsAttack,
  type FactionsStrike,
  type ResolveFactionsOptions,
} from "./factions-attack-run.js";
