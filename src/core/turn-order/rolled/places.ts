import { refuse, type Refusal } from "../../shared/outcome.js";
import { findById } from "../shared/by-id.js";
import type { CombatantId } from "../types.js";
import type { RolledCombatant, RolledState } from "./types.js";

/** Takes no turn this round: out of the combat, or an NPC in Round Zero when only PCs take one (STR-09 ruling). */
function sitsOut(s: RolledState, c: RolledCombatant): boolean {
  return c.out || (s.round === 0 && s.options.roundZero === "pcsOnly" && c.side !== "pc");
}

/** STR-03: the combatant at place `i` has had its turn this round (sitting Round Zero out counts as having had it). */
export function hasActed(s: RolledState, i: number): boolean {
  const c = s.combatants[i] as RolledCombatant;
  return i < s.turnAt || (!c.out && sitsOut(s, c));
}

/** The place of the next character to take a turn this round, or -1 (incapacitated ones included, STR-62). */
export function nextPlace(s: RolledState): number {
  const cs = s.combatants;
  for (let i = s.turnAt; i < cs.length; i++) if (!sitsOut(s, cs[i] as RolledCombatant)) return i;
  return -1;
}

/** STR-03: the next character in initiative order yet to take its turn this round, while nobody is taking one. */
export function nextUp(state: RolledState): RolledCombatant | null {
  if (state.acting !== null) return null;
  const i = nextPlace(state);
  return i < 0 ? null : (state.combatants[i] as RolledCombatant);
}

/** Who is up: the one taking a turn, else the next to take one (null when the round has nobody left). */
export function upNow(state: RolledState): RolledCombatant | null {
  return state.acting === null ? nextUp(state) : (findById(state.combatants, state.acting) ?? null);
}

export function notYourTurn(state: RolledState, c: RolledCombatant, clause = "STR-03"): Refusal {
  const now = state.acting ?? nextUp(state)?.id ?? null;
  return refuse(
    "NotYourTurn",
    `it is not ${c.name}'s turn${now ? ` (${findById(state.combatants, now)?.name ?? now} is up)` : ""}`,
    clause,
    { name: c.name },
  );
}

/** The combatants as the setup listed them: sides and victors are named in that order. */
export function inSetupOrder(s: RolledState): RolledCombatant[] {
  // The places (listed) number the list from 0, each once (the state check holds it): each goes straight to its own,
  // with no sort (a sort with its comparator was a fiftieth of a simulated strain fight, which ends here).
  const cs = s.combatants;
  const out = cs.slice();
  for (let i = 0; i < cs.length; i++) {
    const c = cs[i] as RolledCombatant;
    out[c.listed] = c;
  }
  return out;
}

/** The initiative order, as ids (STR-03). */
export function initiativeOrder(s: RolledState): CombatantId[] {
  return s.combatants.map((c) => c.id);
}

/** The ids after place `index` in the initiative order still to take a turn this round. */
export function laterThan(state: RolledState, index: number): CombatantId[] {
  return state.combatants
    .slice(index + 1)
    .filter((o) => !sitsOut(state, o))
    .map((o) => o.id);
}
