import type { Roller } from "../../shared/roller.js";
import { rollDice, type DiceRoll } from "../../dice/dice-roll.js";

export interface AcrobaticsResult {
  readonly entity: DiceRoll;
  readonly dm: DiceRoll;
  readonly success: boolean;
}

/** SEC-22: the entity succeeds if its result ties or beats the DM's roll. */
export function acrobaticsSucceeds(entityTotal: number, dmTotal: number): boolean {
  return entityTotal >= dmTotal;
}

/** An opposed Acrobatics roll: the Class card's Acrobatics die (plus modifier) against the DM's die. */
export function rollAcrobatics(
  roller: Roller,
  acrobaticsDie: number,
  modifier: number,
  dmDie: number,
): AcrobaticsResult {
  const entity = rollDice(roller, 1, acrobaticsDie, modifier);
  const dm = rollDice(roller, 1, dmDie);
  return { entity, dm, success: acrobaticsSucceeds(entity.total, dm.total) };
}
