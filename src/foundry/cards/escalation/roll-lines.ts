import { rollSum } from "../roll-sum.js";
import type { DiceRoll } from "../../../core/dice/dice-roll.js";
import type { EscalationAttackState } from "../../../core/attack/escalation/types.js";
import type { CardLine } from "../attack-ruleset.js";
import { defenceKey, line, nameOf, signed } from "./keys.js";

type Ev = Readonly<Record<string, unknown>>;

const num = (v: unknown): number => (typeof v === "number" ? v : 0);

/** "14 (d20)", "3, 5 (d8)": the faces of the kept dice. */
function faces(roll: DiceRoll, kept: boolean): string {
  return roll.dice
    .filter((d) => d.kept === kept)
    .map((d) => `${d.value} (d${d.sides})`)
    .join(", ");
}

/** A roll's faces, modifier and sum (the to-hit's total is its comparison's); a lone die shows its face once. */
function sumOf(roll: DiceRoll, total: number): { dice: string; modifier: string; total: number; sum: string } {
  const dice = faces(roll, true);
  const modifier = roll.modifier === 0 ? "" : ` ${signed(roll.modifier)}`;
  const kept = roll.dice.filter((d) => d.kept);
  // One die counts once only when it is the whole total (a bonus the comparison adds is shown by its sum).
  const lone = kept.length === 1 && kept[0]?.value === total;
  return { dice, modifier, total, sum: rollSum(dice, modifier, total, lone ? 1 : kept.length + 1) };
}

/** ESC-14..36: the d20 with its modifier against the number to reach, and the escalation dice after a 20 or a 1. */
export function toHitLines(state: EscalationAttackState, e: Ev, attacker: string): CardLine[] {
  const roll = e.roll as DiceRoll;
  const c = e.comparison as { total: number; against: number };
  // ESC-35: the free critical hit lands without a roll
  if (roll.dice.length === 0) return [line("FreeCriticalLands", { attacker: nameOf(state, attacker) })];
  const out: CardLine[] = [
    line(
      "ToHit",
      {
        attacker: nameOf(state, attacker),
        formula: roll.formula,
        ...sumOf(roll, c.total),
        needed: c.against,
        defence: defenceKey(e.defence),
      },
      true,
    ),
  ];
  const chain = faces(roll, false);
  if (chain !== "") out.push(line("Escalation", { dice: chain, steps: num(e.chainSteps) }, true));
  return out;
}

/** ESC-15..21, ESC-31/32, ESC-51: the damage dice, the multiplier, armour, the wound and the Fatal d4. */
export function damageLines(e: Ev): CardLine[] {
  const roll = e.roll as DiceRoll;
  const parts = (e.parts ?? {}) as Readonly<Record<string, number>>;
  const out: CardLine[] = [
    line(
      "Damage",
      {
        formula: roll.formula,
        ...sumOf(roll, roll.total),
        rolled: roll.total,
      },
      true,
    ),
  ];
  const multiplier = num(parts.multiplier);
  if (multiplier > 1) out.push(line("Multiplied", { multiplier, raw: num(parts.raw) }));
  out.push(line("Net", { raw: num(parts.raw), armor: num(parts.armor), net: num(parts.net) }));
  if (parts.wound === 1) out.push(line("Wound", { net: num(parts.net) }));
  // ESC-21: the Fatal target's d4 is the one die that does not count toward the roll's total
  const fatal = roll.dice.find((d) => !d.kept);
  if (fatal)
    out.push(
      line(
        num(parts.fatalBonus) > 0 ? "FatalBonus" : "FatalNoBonus",
        { die: fatal.value, bonus: num(parts.fatalBonus) },
        true,
      ),
    );
  out.push(line("DamageTotal", { amount: num(e.amount) }));
  return out;
}
