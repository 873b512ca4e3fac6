import { finish, type DiceRoll, type DieResult } from "../../dice/dice-roll.js";
import type { Roller } from "../../shared/roller.js";
import type { FactionsWeapon } from "./character.js";

/** How impaired damage is rolled (FAC-26 silent). Default "keepLower": roll the die twice, keep the lower. */
export type ImpairedReading = "keepLower" | "halved";

/** FAC-26: unarmed, holding back or attacking from concealment, the damage is impaired. */
export function isImpaired(weapon: Pick<FactionsWeapon, "unarmed">, holdBack: boolean, concealment: boolean): boolean {
  return weapon.unarmed || holdBack || concealment;
}

/** FAC-26 read "keepLower": of the two dice rolled, the first is kept unless the second is lower. */
export function keepsFirst(a: number, b: number): boolean {
  return a <= b;
}

/** FAC-26 read "halved": the die halved, rounded down, never below 1. */
export function halved(a: number): number {
  return Math.max(1, Math.floor(a / 2));
}

/** Roll a damage die, impaired or not. Every die is reported; a dropped one has kept=false. */
export function rollDamageDie(
  roller: Roller,
  sides: number,
  impaired: boolean,
  reading: ImpairedReading = "keepLower",
): DiceRoll {
  const a = roller.die(sides);
  if (!impaired) return finish(`1d${sides}`, [{ sides, value: a, kept: true }], 0);
  if (reading === "halved") {
    const cut = halved(a) - a;
    return finish(`1d${sides}/2`, [{ sides, value: a, kept: true }], cut);
  }
  const b = roller.die(sides);
  const dice: DieResult[] = [
    { sides, value: a, kept: keepsFirst(a, b) },
    { sides, value: b, kept: !keepsFirst(a, b) },
  ];
  return finish(`2d${sides}kl1`, dice, 0);
}

/** FAC-34: cover adds 1 to the armour value unless the attack goes through it. */
export function armourValue(armour: number, cover: boolean, coverPenetrated: boolean): number {
  return armour + (cover && !coverPenetrated ? 1 : 0);
}

/** Damage after armour, never below 0. */
export function afterArmour(raw: number, armour: number): number {
  return raw > armour ? raw - armour : 0;
}

/** FAC-62: did the damage die show a 1 (with keepLower, any 1 is the kept die). */
export function showsOne(roll: DiceRoll): boolean {
  return roll.dice.some((d) => d.kept && d.value === 1);
}
