import { RULESETS, type RulesetId } from "../../../core/rulesets.js";
import type { GridRuleset } from "../../../core/space/grid/grid-options.js";
import { MOVERS } from "../check/mover-fields.js";
import { ACTION_BY_ID, type FrayMovementAction } from "./movement-action.js";

export type { FrayMovementAction } from "./movement-action.js";

/** Foundry's own action for a GM placing a token anywhere (no cost, no walls): the GM's alone. */
export const DISPLACE = "displace";

/** The actions a rule set offers, in the order its actor type names them. */
function actionsOf(ruleset: RulesetId): readonly FrayMovementAction[] {
  return MOVERS[ruleset].actions.map((id) => ACTION_BY_ID[id]);
}

/**
 * The actions each rule set's text names, as its actor type declares them (data/specs/): sections' Move and its
 * special movement, escalation's halved and prone movement, strain's Teleport; teams and factions only move.
 */
export const MOVEMENT_ACTIONS = Object.fromEntries(RULESETS.map((r) => [r, actionsOf(r)])) as Readonly<
  Record<RulesetId, readonly FrayMovementAction[]>
>;

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
