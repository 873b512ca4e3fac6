import { rollDice, type DiceRoll } from "../../dice/dice-roll.js";
import type { Roller } from "../../shared/roller.js";

export type GearState = "intact" | "damaged" | "destroyed";

/** One weapon or piece of armour used at least once in the fight (FAC-61). */
export interface UsedGear {
  readonly id: string;
  readonly state: GearState;
}

export interface DurabilityOptions {
  /** FAC-61 ruling: roll this die per item... Default 6. */
  readonly die: number;
  /** ...and on this number or lower an intact item becomes damaged and a damaged one is destroyed. Default 1. */
  readonly failOn: number;
}

export const DEFAULT_DURABILITY: DurabilityOptions = { die: 6, failOn: 1 };

export interface DurabilityRoll {
  readonly id: string;
  readonly roll: DiceRoll;
  readonly before: GearState;
  readonly after: GearState;
}

/** FAC-61: after a fight, one durability roll for every item used at least once. */
export function durabilityRolls(
  roller: Roller,
  gear: readonly UsedGear[],
  o: DurabilityOptions = DEFAULT_DURABILITY,
): DurabilityRoll[] {
  const out: DurabilityRoll[] = [];
  for (const g of gear) {
    if (g.state === "destroyed") continue;
    const roll = rollDice(roller, 1, o.die);
    const fails = roll.total <= o.failOn;
    out.push({
      id: g.id,
      roll,
      before: g.state,
      after: fails ? (g.state === "intact" ? "damaged" : "destroyed") : g.state,
    });
  }
  return out;
}

/**
 * FAC-63: an attack of 8 or more damage before armour destroys a damaged shield, or, with no damaged
 * shield, damaged armour; one item per attack (ruling: "shield first").
 */
export function heavyHitDestroys(
  raw: number,
  shieldDamaged: boolean,
  armourDamaged: boolean,
): "shield" | "armour" | null {
  if (raw < 8) return null;
  if (shieldDamaged) return "shield";
  if (armourDamaged) return "armour";
  return null;
}
