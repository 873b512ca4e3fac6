import { isDefeated, type SectionsCombatant } from "./combatant.js";
import type { SectionsAttackState } from "./types.js";

/** SEC-47: an Intercept is made by a third entity, never by the attacker or the (current) target itself. */
export function isThirdEntity(state: Pick<SectionsAttackState, "attacker" | "target">, id: string): boolean {
  return id !== state.attacker && id !== state.target;
}

/** SEC-47: a third entity still standing, with an Interrupt left to spend. */
export function mayIntercept(state: SectionsAttackState, i: SectionsCombatant): boolean {
  return isThirdEntity(state, i.id) && i.interrupts > 0 && !isDefeated(i);
}

/** Whether the Intercept window opens after a hit: a non-Area ranged attack and someone who may Intercept it. */
export function canIntercept(state: SectionsAttackState): boolean {
  return state.ranged && state.interceptors.some((i) => mayIntercept(state, i));
}
