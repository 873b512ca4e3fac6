import { effectiveAgility, hasFeat, isSummoningSick, type EscalationCombatant } from "./combatant.js";

export type DefenceReason = "agility" | "flatFooted" | "prone";

export interface Defence {
  /** The total an attack roll must reach to hit. */
  readonly needed: number;
  readonly reason: DefenceReason;
}

/**
 * The number an attack must reach against `target`:
 * ESC-14 Agility + 10; ESC-44 flat-footed 5; ESC-46 prone 5 + Agility; ESC-50 channeling is flat-footed
 * unless ESC-58 Battle caster; ESC-51 an undetected attacker makes it flat-footed; ESC-55 a summoning-sick
 * unit cannot dodge (ruling: flat-footed). Where two apply, the lower number counts (ruling).
 */
export function defenceOf(target: EscalationCombatant, round: number, undetected: boolean): Defence {
  const agility = effectiveAgility(target);
  const flat =
    target.flatFooted ||
    undetected ||
    (target.channeling && !hasFeat(target, "battleCaster")) ||
    isSummoningSick(target, round);
  // The lowest as two plain values and one record at the end: a record chosen among several was built every attack.
  let needed = agility + 10;
  let reason: DefenceReason = "agility";
  if (target.prone && 5 + agility < needed) {
    needed = 5 + agility;
    reason = "prone";
  }
  if (flat && 5 < needed) {
    needed = 5;
    reason = "flatFooted";
  }
  return { needed, reason };
}
