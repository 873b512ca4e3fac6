import type { RulesetId } from "../../core/rulesets.js";
import { gridOptions } from "../../core/space/grid/grid-options.js";
import { typesOf } from "../data/models.js";
import { gridStepCost, type StepCost } from "./grid-cost.js";
import { actionLabel, gridRulesetFor, MOVEMENT_ACTIONS, type FrayMovementAction } from "./movement-actions.js";
import type { SceneLike } from "./scene-ports.js";
import type { SpaceCache } from "./space-cache.js";

/** What Foundry passes to `canSelect`: a TokenDocument or a PrototypeToken (whose actor may be missing). */
type Selectable = { readonly actor?: { readonly type: string } | null } | null | undefined;
type MovementConfig = { label: string; icon: string; order: number; teleport: boolean; walls: "move" | null } & Record<string, unknown>;

/** Move is always there; the rest are offered to tokens of the world rule set's actors, or with no actor at all. */
export function canSelectAction(token: Selectable, ruleset: RulesetId, action: FrayMovementAction): boolean {
  if (action.id === "walk") return true;
  const actor = token?.actor;
  return !actor || typesOf("Actor", ruleset).includes(actor.type);
}

/** The cost function of an action for a token: the core's step costs on a grid scene; elsewhere Foundry's own measure. */
export function costFunctionFor(
  scene: SceneLike | null | undefined,
  ruleset: RulesetId,
  action: FrayMovementAction,
  cache: SpaceCache,
): StepCost {
  const space = scene ? cache.get(scene) : null;
  if (space?.model !== "grid") return (cost) => cost;
  return gridStepCost(space.frame, space.map, gridOptions(gridRulesetFor(ruleset)), action.mode);
}

/** The movement action configs of a rule set, in its text's words, keeping Foundry's GM-only displace. */
export function movementActionsFor(ruleset: RulesetId, cache: SpaceCache, displace: unknown): Record<string, MovementConfig> {
  const out: Record<string, MovementConfig> = {};
  MOVEMENT_ACTIONS[ruleset].forEach((action, order) => {
    out[action.id] = {
      label: actionLabel(action.id),
      icon: action.icon,
      order,
      teleport: action.teleport ?? false,
      walls: action.ignoresWalls ? null : "move",
      ...(action.teleport ? { getAnimationOptions: () => ({ duration: 0 }) } : {}),
      canSelect: (token: Selectable) => canSelectAction(token, ruleset, action),
      getCostFunction: (token: { readonly parent?: SceneLike | null } | null | undefined) =>
        costFunctionFor(token?.parent, ruleset, action, cache),
    };
  });
  if (displace) out.displace = displace as MovementConfig;
  return out;
}
