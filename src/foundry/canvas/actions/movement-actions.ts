import type { RulesetId } from "../../../core/rulesets.js";
import type { GridRuleset } from "../../../core/space/grid/grid-options.js";
import type { MoveMode } from "../../../core/space/movement.js";

/** Foundry's own action for a GM placing a token anywhere (no cost, no walls): the GM's alone. */
export const DISPLACE = "displace";

/**
 * One movement action a token may take, in the rule text's word: its id in `CONFIG.Token.movement.actions` (Foundry's
 * own id where the two agree), the core's MoveMode it is checked as, and how Foundry draws and measures it.
 */
export interface FrayMovementAction {
  readonly id: string;
  readonly mode: MoveMode;
  readonly icon: string;
  /** Straight to the destination, no squares in between (SEC-09, STR-22). */
  readonly teleport?: boolean;
  /** Crosses walls: Phase crosses hard borders (SEC-07). */
  readonly ignoresWalls?: boolean;
}

const move: FrayMovementAction = { id: "walk", mode: "walk", icon: "fa-solid fa-person-walking" };
const climb: FrayMovementAction = { id: "climb", mode: "climb", icon: "fa-solid fa-person-through-window" };
const swim: FrayMovementAction = { id: "swim", mode: "swim", icon: "fa-solid fa-person-swimming" };
const fly: FrayMovementAction = { id: "fly", mode: "fly", icon: "fa-solid fa-person-fairy" };
const phase: FrayMovementAction = { id: "phase", mode: "phase", icon: "fa-solid fa-ghost", ignoresWalls: true };
const teleport: FrayMovementAction = {
  id: "teleport",
  mode: "teleport",
  icon: "fa-solid fa-person-from-portal",
  teleport: true,
  ignoresWalls: true,
};
const sneak: FrayMovementAction = { id: "sneak", mode: "sneak", icon: "fa-solid fa-user-ninja" };
const crawl: FrayMovementAction = { id: "crawl", mode: "crawl", icon: "fa-solid fa-person-praying" };

/**
 * The actions each rule set's text names: sections' Move and its special movement (SEC-03, SEC-07..SEC-09, SEC-12,
 * SEC-68), escalation's halved and prone movement (ESC-12, ESC-46), strain's Teleport (STR-22); teams and factions
 * only move.
 */
export const MOVEMENT_ACTIONS: Readonly<Record<RulesetId, readonly FrayMovementAction[]>> = {
  sections: [move, climb, swim, phase, fly, teleport],
  escalation: [move, sneak, swim, climb, crawl],
  strain: [move, teleport],
  teams: [move],
  factions: [move],
};

/** The label key of an action: FRAY.Movement.Action.<id>. */
export const actionLabel = (id: string): string => `FRAY.Movement.Action.${id}`;

/** The action a token moved with, in the world rule set; undefined for Foundry's own (displace) or an unknown id. */
export function actionFor(ruleset: RulesetId, id: unknown): FrayMovementAction | undefined {
  return MOVEMENT_ACTIONS[ruleset].find((a) => a.id === id);
}

/**
 * Whose grid rules measure a grid scene: the rule set's own, or strain's (elevation) in a world without a grid rule
 * set.
 */
export function gridRulesetFor(ruleset: RulesetId): GridRuleset {
  return ruleset === "escalation" || ruleset === "teams" ? ruleset : "strain";
}
