import { rollDice, type DiceRoll } from "../../dice/dice-roll.js";
import type { Roller } from "../../shared/roller.js";
import type { SectionEvent } from "./types.js";

export interface FallDamage {
  readonly height: number;
  /** SEC-13: 1d4 per point of Height, e.g. "3d4" for Height 3 (SEC-14). */
  readonly formula: string;
  readonly roll?: DiceRoll;
}

/** SEC-13/SEC-14: falling damage for a drop of `height`; rolled through the Roller when one is given. */
export function fallDamage(height: number, roller?: Roller): FallDamage {
  const h = Math.max(0, Math.trunc(Math.abs(height)));
  const formula = `${h}d4`;
  return roller ? { height: h, formula, roll: rollDice(roller, h, 4) } : { height: h, formula };
}

export type FallEvent = Extract<SectionEvent, { type: "fall" }>;

/** The event of a fall: the drop's damage formula, and its roll when a Roller is given. */
export function fallEvent(
  entity: string,
  border: string | null,
  height: number,
  clause: FallEvent["clause"],
  roller?: Roller,
): FallEvent {
  const f = fallDamage(height, roller);
  return {
    type: "fall",
    entity,
    border,
    height: f.height,
    formula: f.formula,
    ...(f.roll ? { roll: f.roll } : {}),
    clause,
  };
}
