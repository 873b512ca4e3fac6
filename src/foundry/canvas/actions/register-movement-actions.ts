import type { RulesetId } from "../../../core/rulesets.js";
import { gridOptions } from "../../../core/space/grid/grid-options.js";
import { typesOf } from "../../data/models.js";
import { gridStepCost, type StepCost } from "./grid-cost.js";
import { actionLabel, gridRulesetFor, MOVEMENT_ACTIONS, type FrayMovementAction } from "./movement-actions.js";
import type { SceneLike } from "../space/scene-ports.js";
import type { SpaceCache } from "../space/space-cache.js";
import type { FeatItemLike } from "../../data/specs/escalation/escalation-feats.js";
import { unownedMovement } from "./movement-given.js";

/** What Foundry passes to `canSelect`: a TokenDocument or a PrototypeToken (whose actor may be missing). */
type Selectable =
  | {
      readonly actor?: {
        readonly type: string;
        readonly items?: { readonly contents: readonly FeatItemLike[] };
      } | null;
    }
  | null
  | undefined;
type MovementConfig = { label: string; icon: string; order: number; teleport: boolean; walls: "move" | null } & Record<
  string,
  unknown
>;

/** In a fight, the Moves cards played this turn still grant a token (SEC-06); undefined outside a fight. */
type PendingGrants = (token: Selectable) => readonly { readonly kind: string }[] | undefined;

/**
 * Move is always there. The rest are offered to tokens of the world rule set's actors (or with no actor), and one
 * that comes from an ability or a card only to a mover that has one, as the core says (STR-22, SEC-07).
 */
function canSelectAction(
  token: Selectable,
  ruleset: RulesetId,
  action: FrayMovementAction,
  pending: PendingGrants = () => undefined,
): boolean {
  if (action.id === "walk") return true;
  const actor = token?.actor;
  if (actor && !typesOf("Actor", ruleset).includes(actor.type)) return false;
  return unownedMovement(ruleset, actor, [action.mode], pending(token)) === null;
}

/**
 * The cost function of an action for a token: the core's step costs on a grid scene; elsewhere Foundry's own measure.
 */
function costFunctionFor(
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
export function movementActionsFor(
  ruleset: RulesetId,
  cache: SpaceCache,
  displace: unknown,
  pending?: PendingGrants,
): Record<string, MovementConfig> {
  const out: Record<string, MovementConfig> = {};
  MOVEMENT_ACTIONS[ruleset].forEach((action, order) => {
    out[action.id] = {
      label: actionLabel(action.id),
      icon: action.icon,
      order,
      teleport: action.teleport ?? false,
      walls: action.ignoresWalls ? null : "move",
      ...(action.teleport ? { getAnimationOptions: () => ({ duration: 0 }) } : {}),
      canSelect: (token: Selectable) => canSelectAction(token, ruleset, action, pending),
      getCostFunction: (token: { readonly parent?: SceneLike | null } | null | undefined) =>
        costFunctionFor(token?.parent, ruleset, action, cache),
    };
  });
  if (displace) out.displace = displace as MovementConfig;
  return out;
}
