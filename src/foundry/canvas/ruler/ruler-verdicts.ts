import type { Refusal } from "../../../core/shared/outcome.js";
import { gridOptions } from "../../../core/space/grid/grid-options.js";
import { movementAllowance } from "../../../core/space/grid/movement-allowance.js";
import type { MoveMode } from "../../../core/space/movement.js";
import type { RulesetId } from "../../../core/rulesets.js";
import { zoneOptions } from "../../../core/space/zones/zone-options.js";
import { actionFor, gridRulesetFor } from "../actions/movement-actions.js";
import { checkMove, type MoveCheckInput, type MoveVerdict } from "../check/move-check.js";
import type { MoveWaypoint } from "../check/move-path.js";
import { moverData, type MoverData } from "../check/mover-data.js";
import type { SceneSpace } from "../space/scene-space.js";
import { budgetOfToken } from "../fight/scene-fight.js";

/** What the ruler shows at one waypoint: the move so far as the core answers it. */
export type WaypointVerdict =
  | { readonly ok: true; readonly cost: number; readonly left: number | null }
  | { readonly ok: false; readonly refusal: Refusal };

/**
 * The turn's movement in the model's unit, before what it has spent, as the core allows it: on the grid the core's
 * movementAllowance (STR-19 Speed less Slowed, ESC-12 halving, ESC-46 prone; none for a mover without a speed), on
 * sections the innate Move (SEC-03), on zones the zones a turn (FAC-06). Null: no limit to show.
 */
function allowanceOf(model: SceneSpace["model"], mover: MoverData, ruleset: RulesetId, mode: MoveMode): number | null {
  if (model === "grid") {
    if (mover.speed >= Number.MAX_SAFE_INTEGER) return null;
    const piece = {
      speed: mover.speed,
      ...(mover.slowed ? { slowed: mover.slowed } : {}),
      ...(mover.prone ? { prone: true } : {}),
    };
    return movementAllowance(
      { id: mover.id, side: mover.side, cell: { x: 0, y: 0 }, spent: 0, ...piece },
      mode,
      gridOptions(gridRulesetFor(ruleset)),
    );
  }
  if (model === "sections") return mover.innateMove;
  if (model === "zones") return zoneOptions().zonesPerTurn;
  return null;
}

/**
 * The verdict at each waypoint of a planned move (waypoints[0] is where the token stands): the move up to that
 * waypoint asked of `check`, the very function the final check runs, so the preview cannot say yes where the move
 * is refused. Once a part is refused everything after it is refused too, with the first refusal, unasked. What is
 * left is of the verdict's own Move where it names one (sections: a card's Fly 2), else of `budget`.
 */
function verdictsAlong(
  check: (waypoints: readonly MoveWaypoint[]) => MoveVerdict,
  waypoints: readonly MoveWaypoint[],
  budget: number | null,
): WaypointVerdict[] {
  const out: WaypointVerdict[] = [];
  let refusal: Refusal | null = null;
  for (let i = 0; i < waypoints.length; i++) {
    if (refusal) {
      out.push({ ok: false, refusal });
      continue;
    }
    const v: MoveVerdict =
      i === 0 ? { ok: true, cost: 0, charge: 0, events: 0, effects: [] } : check(waypoints.slice(1, i + 1));
    if (!v.ok) {
      refusal = v;
      out.push({ ok: false, refusal });
    } else {
      // Sections: the Move the check made it with (the innate one, or a card's grant, SEC-06) is what it has left of.
      const of = v.allowance ?? budget;
      out.push({ ok: true, cost: v.cost, left: of === null ? null : Math.max(0, of - v.cost) });
    }
  }
  return out;
}

/**
 * The verdicts of a planned move on a scene, `waypoints[0]` being where the token stands: `checkMove` asked with
 * the same input the final check gets (move-client.ts), the waypoints up to each one. None on a scene without a model.
 */
export function planVerdicts(
  input: Omit<MoveCheckInput, "waypoints">,
  waypoints: readonly MoveWaypoint[],
): WaypointVerdict[] {
  const { space } = input;
  if (space.model === "none") return [];
  const mode = actionFor(input.ruleset, waypoints[1]?.action ?? "walk")?.mode ?? "walk";
  const full =
    space.model === "broken"
      ? null
      : allowanceOf(space.model, moverData(input.token, input.ruleset), input.ruleset, mode);
  // In a fight the turn may have spent some already: the check starts from there, and so does what is left.
  const turn = budgetOfToken(input.fight, input.token.id);
  const spent =
    space.model === "grid" ? (turn?.squaresMoved ?? 0) : space.model === "zones" ? (turn?.zonesMoved ?? 0) : 0;
  const budget = full === null ? null : Math.max(0, full - spent);
  // The ruler previews a climb: its checks are the GM's to roll once the move is made.
  return verdictsAlong((ws) => checkMove({ ...input, waypoints: ws, preview: true }), waypoints, budget);
}

/** A waypoint of Foundry's ruler as far as the plan needs it: where, how, which stage, and the one before. */
export interface RulerWaypointLike {
  readonly x: number;
  readonly y: number;
  readonly action: string;
  readonly stage: string;
  readonly previous: RulerWaypointLike | null;
}

/**
 * The waypoints of `last`'s stage up to it, in order, led by the point the stage starts from: the waypoint before
 * its first one when there is one (the end of a move under way), else its first one (where the token stands).
 */
export function plannedChain<W extends RulerWaypointLike>(last: W): W[] {
  const chain: W[] = [last];
  let w = last.previous;
  for (; w && w.stage === last.stage; w = w.previous) chain.push(w as W);
  if (w) chain.push(w as W);
  return chain.reverse();
}

/** A segment's or square's style, drawn as refused when the core refuses the move up to its waypoint. */
export function styleFor<S extends { color?: unknown }>(
  style: S,
  verdict: WaypointVerdict | null,
  refusedColour: number,
): S {
  return verdict && !verdict.ok ? { ...style, color: refusedColour } : style;
}

/** The cost part of Foundry's waypoint label (TokenRuler.SegmentCost), filled from a verdict in the model's words. */
interface CostLabel {
  readonly total: string;
  readonly units: string;
  readonly delta?: string;
}

type Format = (key: string, data?: Record<string, string | number>) => string;

/**
 * The label of one waypoint: "3 squares, 3 left", or "refused" with the core's reason in the rule text's words.
 * `previous` is the verdict at the waypoint before, for the segment's own cost.
 */
export function costLabel(
  verdict: WaypointVerdict,
  previous: WaypointVerdict | null,
  model: "grid" | "sections" | "zones",
  format: Format,
  reason: (refusal: Refusal) => string,
): CostLabel {
  if (!verdict.ok) return { total: format("FRAY.Movement.Ruler.Refused"), units: reason(verdict.refusal) };
  const units = format(`FRAY.Movement.Ruler.Units.${model}`);
  const delta = previous?.ok ? verdict.cost - previous.cost : null;
  return {
    total: String(verdict.cost),
    units: verdict.left === null ? units : format("FRAY.Movement.Ruler.Left", { units, left: verdict.left }),
    ...(delta !== null && delta !== verdict.cost ? { delta: `+${delta}` } : {}),
  };
}
