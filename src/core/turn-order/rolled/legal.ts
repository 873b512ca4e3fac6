import { spendAction, spendMove, spendStance } from "../../economy/strain.js";
import { own } from "../../shared/guards.js";
import { findById } from "../shared/by-id.js";
import { sidesOf } from "../shared/sides.js";
import { inSetupOrder, laterThan, nextUp } from "./places.js";
import type { RolledCommand, RolledState } from "./types.js";

/**
 * Every command apply() would accept now, for a sound state (state-schema.ts) still going on (the engine asks only
 * then).
 */
export function legal(state: RolledState): RolledCommand[] {
  const out: RolledCommand[] = [];
  const up = nextUp(state);
  if (up) {
    out.push({ type: "act", combatant: up.id });
    if (!up.delayed && !(state.options.delayLimit === "perRound" && state.delaysThisRound > 0)) {
      const later = laterThan(state, state.combatants.indexOf(up));
      for (const id of later) out.push({ type: "delay", combatant: up.id, after: id });
      if (later.length > 0) out.push({ type: "delay", combatant: up.id, after: null });
    }
  }
  const c = state.acting === null ? undefined : findById(state.combatants, state.acting);
  if (c && state.turn) {
    out.push({ type: "endTurn", combatant: c.id });
    if (c.able && state.round === 0) {
      const area = own(state.startingAreas, c.side);
      const square = area?.[0] ?? c.square ?? { x: 0, y: 0 };
      out.push({ type: "position", combatant: c.id, square, stance: c.stance ?? "Stance" });
    }
    if (c.able && state.round > 0) {
      if (!("ok" in spendMove(state.turn, 1, c.speed)))
        out.push({ type: "spend", combatant: c.id, action: "move", squares: 1 });
      if (c.stunned === 0 && !("ok" in spendAction(state.turn, false))) {
        out.push({ type: "spend", combatant: c.id, action: "action" });
        out.push({ type: "spend", combatant: c.id, action: "action", moveAfter: true });
      }
      if (!("ok" in spendStance(state.turn)))
        out.push({ type: "spend", combatant: c.id, action: "stance", stance: c.stance ?? "Stance" });
    }
  }
  for (const o of state.combatants) {
    if (o.out) continue;
    out.push({ type: "setLoads", combatant: o.id, stressLoad: o.stressLoad + 1 });
    out.push({ type: "setAble", combatant: o.id, able: !o.able });
    out.push({ type: "setStunned", combatant: o.id, stunned: o.stunned === 0 ? 1 : 0 });
    out.push({ type: "remove", combatant: o.id });
  }
  for (const side of sidesOf(inSetupOrder(state)))
    out.push({ type: "declareEnd", outcome: "victory", victors: [side] });
  out.push({ type: "endCombat" });
  return out;
}
