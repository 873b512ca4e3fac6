import type { FactionsCharacter } from "./character.js";
import type { FactionsAttackState, TargetSlot } from "./types.js";

/** A fresh slot: the character attacked, before any reaction or damage. */
export function slot(t: FactionsCharacter): TargetSlot {
  return {
    attacked: t.id,
    target: t,
    reaction: "none",
    reacted: false,
    avoided: false,
    raw: null,
    damage: null,
    counterRaw: null,
    counterDamage: null,
  };
}

export function replaceSlot(state: FactionsAttackState, i: number, s: TargetSlot): FactionsAttackState {
  return { ...state, slots: state.slots.map((x, j) => (j === i ? s : x)) };
}
