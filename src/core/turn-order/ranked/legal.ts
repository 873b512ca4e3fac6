import { PAYMENT_NAMES, USES } from "../../economy/escalation.js";
import { findById } from "../shared/by-id.js";
import { sidesOf } from "../shared/sides.js";
import { spend } from "./commands/spend.js";
import { nextUp } from "./next-up.js";
import type { RankedCommand, RankedState } from "./types.js";

/**
 * Every command apply() would accept now, for a sound state (state-schema.ts) still going on (the engine asks only
 * then).
 */
export function legal(state: RankedState): RankedCommand[] {
  const out: RankedCommand[] = [];
  const up = nextUp(state);
  if (up) {
    out.push({ type: "act", combatant: up.id });
    if (!up.delayed) {
      const mine = state.order.indexOf(up.id);
      const later = state.order.slice(mine + 1).filter((id) => {
        const o = findById(state.combatants, id);
        return o !== undefined && !o.out && !o.acted;
      });
      for (const id of later) out.push({ type: "delay", combatant: up.id, after: id });
      if (later.length > 0) out.push({ type: "delay", combatant: up.id, after: null });
    }
  }
  const acting = state.acting === null ? undefined : findById(state.combatants, state.acting);
  if (acting) out.push({ type: "endTurn", combatant: acting.id });
  for (const id of state.order) {
    const c = findById(state.combatants, id);
    if (!c || c.out) continue;
    if (c.able) {
      // Off-turn only standing up can be spent (ESC-48).
      for (const action of id === state.acting ? USES : c.prone ? (["standUp"] as const) : []) {
        if (action === "standUp" && !c.prone) continue;
        if (action === "disengage" && c.disengaged) continue;
        for (const p of PAYMENT_NAMES) {
          const cmd: RankedCommand = { type: "spend", combatant: id, action, pay: p };
          if (spend(state, c, action, p).ok) out.push(cmd);
        }
      }
      if (c.freeHitsLeft > 0) out.push({ type: "freeHit", combatant: id });
    }
    out.push({ type: "setProne", combatant: id, prone: !c.prone });
    out.push({ type: "setAble", combatant: id, able: !c.able });
    out.push({ type: "remove", combatant: id });
  }
  for (const side of sidesOf(state.combatants)) out.push({ type: "declareEnd", outcome: "victory", victors: [side] });
  out.push({ type: "endCombat" });
  return out;
}
