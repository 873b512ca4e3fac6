import { applyZoneMove, interruptAtOpportunity, queryZoneMove } from "../../../core/space/zones/zone-movement.js";
import { zoneOptions } from "../../../core/space/zones/zone-options.js";
import type { ZoneState } from "../../../core/space/zones/zone-state.js";
import { zoneMoveEffects } from "../../../core/space/move-effects.js";
import type { FrayMovementAction } from "../actions/movement-actions.js";
import type { MoverData } from "./mover-data.js";
import type { Placed } from "./move-pieces.js";
import type { Step } from "./move-check-sections.js";
import type { PlaceSpace } from "./token-place.js";

// The zones half of the move check (move-check.ts), as move-check-sections.ts is its sections half.

/** FAC-07: the mover's zones moved so far this turn count against its one zone. */
export function zoneState(
  space: Extract<PlaceSpace, { model: "zones" }>,
  placed: readonly Placed[],
  moverId: string,
  moverMoved: number,
  provoked: readonly string[] = [],
): ZoneState {
  return {
    map: space.map,
    characters: placed.map(({ t, at, data }) => ({
      id: t.id!,
      faction: data.side,
      at: { zone: at },
      moved: t.id === moverId ? moverMoved : 0,
      ...(t.id === moverId && provoked.length > 0 ? { provoked } : {}),
    })),
  };
}

export function zonesStep(
  state: ZoneState,
  mover: MoverData,
  action: FrayMovementAction,
  path: string[],
): Step<ZoneState> {
  const query = { mover: mover.id, mode: action.mode, path: path.map((zone) => ({ zone })) };
  const options = zoneOptions();
  const whole = queryZoneMove(state, query, options);
  if (!whole.ok) return whole;
  // FAC-23: the move is made only as far as the place it leaves a nearby enemy from.
  const answer = interruptAtOpportunity(state, whole);
  const made = answer.interrupted === undefined ? query : { ...query, path: query.path.slice(0, answer.interrupted) };
  const next = applyZoneMove(state, made, options);
  if (!next.ok) return next;
  const interrupted = answer.interrupted !== undefined;
  return {
    ok: true,
    world: next.state,
    cost: answer.cost,
    events: answer.events.length,
    effects: zoneMoveEffects(answer.events, interrupted),
    ...(interrupted ? { interrupted: answer.interrupted } : {}),
  };
}
