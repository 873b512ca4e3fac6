import { isExhausted, isFrayed, vulnerableStacks, type StrainCharacter } from "./character.js";
import type { Defence } from "./contest.js";
import type { StrainAttackSetup } from "./types.js";

/** STR-37: which defences an attack kind allows. */
export function allowedDefences(kind: "physical" | "mental"): readonly Defence[] {
  return kind === "physical" ? ["resilience", "evasion"] : ["resolve", "evasion"];
}

/** Net Boons on the attack roll: Exhausted (STR-58), Ranged next to enemies (STR-42), Cover (STR-48). */
export function attackNet(
  attacker: StrainCharacter,
  s: Pick<StrainAttackSetup, "boons" | "banes" | "ranged" | "adjacentEnemies" | "cover">,
): number {
  return s.boons - s.banes - (isExhausted(attacker) ? 1 : 0) - (s.ranged ? s.adjacentEnemies : 0) - (s.cover ? 1 : 0);
}

/** Net Boons on the defence roll: Evasion's +1 Boon unless Vulnerable (STR-41), Frayed +1 Bane (STR-56). */
export function defenceNet(target: StrainCharacter, defence: Defence): number {
  return (defence === "evasion" && vulnerableStacks(target) === 0 ? 1 : 0) - (isFrayed(target) ? 1 : 0);
}

export function defenceModifier(target: StrainCharacter, defence: Defence): number {
  return defence === "resilience" ? target.resilience : defence === "resolve" ? target.resolve : target.evasion;
}
