import { rollDice } from "../../../dice/dice-roll.js";
import { applied } from "../../../shared/outcome.js";
import type { Roller } from "../../../shared/roller.js";
import { advance, requireStep, type AttackEvent } from "../../pipeline.js";
import { damageDie } from "../effective-dice.js";
import type { SectionsAttackCommand, SectionsAttackOutcome, SectionsAttackState } from "../types.js";

export function rollDamage(
  state: SectionsAttackState,
  _command: SectionsAttackCommand,
  roller: Roller,
): SectionsAttackOutcome {
  const bad = requireStep(state, "damage");
  if (bad) return bad;
  const die = damageDie(state.attackerData);
  const r = rollDice(roller, 1, die.sides, state.attackerData.damageBonus);
  const amount = damageDealt(r.total);
  const events: AttackEvent[] = [
    { type: "damageRolled", roll: r, amount, parts: { die: die.sides, bonus: state.attackerData.damageBonus } },
  ];
  return applied(advance({ ...state, damage: amount }, "apply", events), events);
}

/** The damage a damage roll deals: its total, never below 0. */
export function damageDealt(total: number): number {
  return total > 0 ? total : 0;
}
