import type { AttackStep } from "../pipeline.js";
import { anyoneCanReact } from "./reactions.js";
import type { FactionsAttackState } from "./types.js";

/** Where a hit goes next: the reaction window if anyone may react or the attacker may offer a stunt. */
export function afterHit(state: FactionsAttackState): AttackStep {
  if (state.circumstances.finalBlow) return "apply";
  if (state.slots.length === 1 && state.stunt === null) return "reactionWindow";
  if (anyoneCanReact(state)) return "reactionWindow";
  return needsDamageRoll(state) ? "damage" : "apply";
}

/** Damage dice are rolled for a damaging attack that still lands somewhere, or for a counter. */
function needsDamageRoll(state: FactionsAttackState): boolean {
  const damaging = state.circumstances.effect === "damage";
  return state.slots.some((s) => s.reaction === "counter" || (damaging && !s.avoided));
}

/** Where the attack goes when the reaction window closes: an accepted stunt ends it (FAC-41). */
export function afterWindow(state: FactionsAttackState): AttackStep {
  if (state.stunt?.answer === "accepted") return "done";
  return needsDamageRoll(state) ? "damage" : "apply";
}
