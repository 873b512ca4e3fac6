import { rollDice, type DiceRoll } from "../../dice/dice-roll.js";
import type { Roller } from "../../shared/roller.js";

/** A zone next to the one aimed at, with the characters a blast there would target (the zone helper supplies them). */
export interface NeighbourZone<T> {
  readonly zone: string;
  readonly targets: readonly T[];
}

/**
 * FAC-39: a missed ranged blast deviates to a random neighbouring zone: number them and roll a die
 * with that many sides (ruling: dN, whatever N is). Null when there is no neighbour.
 */
export function deviate<T>(
  roller: Roller,
  neighbours: readonly NeighbourZone<T>[],
): { readonly roll: DiceRoll; readonly zone: NeighbourZone<T> } | null {
  if (neighbours.length === 0) return null;
  const roll = rollDice(roller, 1, neighbours.length);
  const zone = neighbours[roll.total - 1];
  return zone ? { roll, zone } : null;
}
