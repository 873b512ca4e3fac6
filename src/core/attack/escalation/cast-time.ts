import { refuse, type Refusal } from "../../shared/outcome.js";
import type { EscalationActions } from "./combatant.js";

export type CastPayment = "aa" | "ma" | "ba";

/**
 * ESC-17: a spell's cast time is a number of actions, paid with the AA and the MA.
 * Ruling (silent on BAs): Bonus Actions cannot pay cast time unless option bonusActionsPayCastTime.
 * ESC-18: a spell's notes may spend further BAs on its effects: `boostBas` is that count.
 */
export function payCastTime(
  actions: EscalationActions,
  castTime: number,
  pay: readonly CastPayment[],
  boostBas = 0,
  bonusActionsPayCastTime = false,
): { ok: true; actions: EscalationActions } | Refusal {
  if (!Number.isInteger(castTime) || castTime < 0 || !Number.isInteger(boostBas) || boostBas < 0) {
    return refuse("NegativeValue", "a cast time and its boosts are whole numbers of zero or more", "ESC-17");
  }
  if (pay.length !== castTime)
    return refuse("CastTimeUnpaid", `the spell needs ${castTime} actions, ${pay.length} offered`, "ESC-17", {
      castTime,
    });
  let { aa, ma, ba } = actions;
  for (const p of pay) {
    if (p === "ba" && !bonusActionsPayCastTime)
      return refuse("BonusActionCannotPayCastTime", "Bonus Actions cannot pay a spell's cast time", "ESC-17");
    if (p === "aa") aa--;
    else if (p === "ma") ma--;
    else ba--;
  }
  ba -= boostBas;
  if (aa < 0 || ma < 0 || ba < 0) return refuse("NoActionLeft", "not enough actions left this turn", "ESC-17");
  return { ok: true, actions: { aa, ma, ba } };
}

/** Cast time one turn can pay: its AA and its MA (ESC-17). */
export const CAST_TIME_PER_TURN = 2;

/** ESC-50: a spell that takes more than one turn to cast, or has an upkeep, is channelled. */
export function isChanneled(spell: { readonly castTime: number; readonly upkeep: number }): boolean {
  return spell.castTime > CAST_TIME_PER_TURN || spell.upkeep > 0;
}
