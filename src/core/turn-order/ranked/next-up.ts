import { refuse, type Refusal } from "../../shared/outcome.js";
import { findById } from "../shared/by-id.js";
import type { RankedCombatant, RankedState } from "./types.js";

/** ESC-01/03/04: the next unit in this round's order that still has to act and can. */
export function nextUp(state: RankedState): RankedCombatant | null {
  if (state.acting !== null) return null;
  // The order lists every combatant (the read check makes sure of it: state-schema.ts).
  for (const id of state.order) {
    const c = findById(state.combatants, id) as RankedCombatant;
    if (stillToAct(c)) return c;
  }
  return null;
}

/** ESC-03/04: the unit is still to act this round and can (in the battle, able, not acted). nextUp takes the first. */
export function stillToAct(c: RankedCombatant): boolean {
  return !c.out && c.able && !c.acted;
}

export function notYourTurn(state: RankedState, c: RankedCombatant): Refusal {
  const up = nextUp(state);
  const now = state.acting ?? up?.id ?? null;
  return refuse(
    "NotYourTurn",
    `it is not ${c.name}'s turn${now ? ` (${findById(state.combatants, now)?.name ?? now} is up)` : ""}`,
    "ESC-01",
    {
      name: c.name,
    },
  );
}
