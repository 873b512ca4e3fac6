import { escalationAttack } from "../../../core/attack/escalation/engine.js";
import type { EscalationAttackState } from "../../../core/attack/escalation/types.js";
import type { DiceRoll } from "../../../core/dice/dice-roll.js";
import type { Roller } from "../../../core/shared/roller.js";
import type { CardLine } from "../attack-ruleset.js";
import { defenceKey, line, nameOf } from "./keys.js";

/**
 * A roller that shows every die's middle face: a 10 on the d20 starts no escalation chain (only a 20 or a 1 does), so
 * the roll it makes has the formula and the number to reach the real one will have, and nothing the dice decide.
 */
const MIDDLE: Roller = {
  die: (sides) => Math.ceil(sides / 2),
  state: () => ({ kind: "scripted", values: [], next: 0 }),
};

/**
 * What the card waits for before the d20 is rolled, in the pipeline's own numbers: the roll step run on a copy with
 * middle dice, read for its formula, the number to reach and why (ESC-14, ESC-44, ESC-46). Empty at any other step
 * (a free critical hit, ESC-35, goes straight to damage without one).
 */
export function nextStepLines(state: EscalationAttackState): CardLine[] {
  if (state.step !== "rollToHit") return [];
  const o = escalationAttack.apply(state, { type: "roll" }, MIDDLE);
  const e = o.ok
    ? (o.events.find((x) => x.type === "toHitRolled") as Readonly<Record<string, unknown>> | undefined)
    : undefined;
  if (!e) return [];
  const attacker = nameOf(state, state.attacker);
  const roll = e.roll as DiceRoll;
  if (roll.dice.length === 0) return [];
  const needed = (e.comparison as { against: number }).against;
  return [line("Next.roll", { attacker, formula: roll.formula, needed, defence: defenceKey(e.defence) })];
}
