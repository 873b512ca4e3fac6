import { rollDice, type DiceRoll } from "../../dice/dice-roll.js";
import { refuse, type Refusal } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";

/** Dice for one side of an opposed roll, e.g. the Class card's Acrobatics entry 1d8+1. */
export interface AcrobaticsDice {
  readonly count: number;
  readonly sides: number;
  readonly modifier?: number;
}

/** Either both results already rolled at the table, or the dice to roll with a Roller. */
export type AcrobaticsInput =
  | { readonly entity: number; readonly dm: number }
  | { readonly entityDice: AcrobaticsDice; readonly dmDice: AcrobaticsDice; readonly roller: Roller };

export interface AcrobaticsResult {
  readonly ok: true;
  readonly entity: number;
  readonly dm: number;
  readonly success: boolean;
  /** The rolls, when they were rolled here. */
  readonly rolls?: { readonly entity: DiceRoll; readonly dm: DiceRoll };
}

function diceOk(d: AcrobaticsDice): boolean {
  return (
    Number.isInteger(d.count) &&
    d.count >= 1 &&
    Number.isInteger(d.sides) &&
    d.sides >= 1 &&
    Number.isFinite(d.modifier ?? 0)
  );
}

/** SEC-22: an opposed roll against the DM; a tie or better succeeds. */
export function acrobaticsCheck(input: AcrobaticsInput): AcrobaticsResult | Refusal {
  if ("roller" in input) {
    if (!diceOk(input.entityDice) || !diceOk(input.dmDice))
      return refuse("InvalidDice", "Acrobatics dice need a whole number of dice (at least 1) and sides", "SEC-22");
    const e = rollDice(input.roller, input.entityDice.count, input.entityDice.sides, input.entityDice.modifier ?? 0);
    const d = rollDice(input.roller, input.dmDice.count, input.dmDice.sides, input.dmDice.modifier ?? 0);
    return { ok: true, entity: e.total, dm: d.total, success: e.total >= d.total, rolls: { entity: e, dm: d } };
  }
  if (!Number.isFinite(input.entity) || !Number.isFinite(input.dm))
    return refuse("InvalidDice", "Acrobatics results must be numbers", "SEC-22");
  return { ok: true, entity: input.entity, dm: input.dm, success: input.entity >= input.dm };
}
