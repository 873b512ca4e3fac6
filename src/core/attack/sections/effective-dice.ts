import { stepDie } from "../../dice/dice-level.js";
import { has, type SectionsCombatant } from "./combatant.js";

/** What the attacker and target can see, for SEC-52/53. */
export interface Sight {
  readonly attackerSeesTarget: boolean;
  readonly targetSeesAttacker: boolean;
}

/** A die after conditions, with the level changes that made it, for the card. */
export interface LevelledDie {
  readonly base: number;
  readonly sides: number;
  readonly steps: number;
  readonly reasons: readonly string[];
}

/** Daggers and spears ignore the swimming Hit and Damage penalties (SEC-71). */
export function isDaggerOrSpear(weaponType: string): boolean {
  const t = weaponType.toLowerCase();
  return t === "dagger" || t === "spear";
}

/** Swimming and not Aquatic (SEC-68, SEC-70). */
export function swimmingPenalty(c: SectionsCombatant): boolean {
  return has(c, "swimming") && !has(c, "aquatic");
}

/** Debilitated by condition, by climbing (SEC-18) or by attacking what it cannot see (SEC-52); counted once. */
export function isDebilitated(attacker: SectionsCombatant, sight: Sight): boolean {
  return has(attacker, "debilitated") || has(attacker, "climbing") || !sight.attackerSeesTarget;
}

/** Vulnerable by condition, by climbing (SEC-18) or by not seeing the attacker (SEC-53); counted once. */
export function isVulnerable(target: SectionsCombatant, sight: Sight): boolean {
  return has(target, "vulnerable") || has(target, "climbing") || !sight.targetSeesAttacker;
}

// SEC-18 ruling: Debilitated lowers the Hit die, Vulnerable the Miss die, Hindered the Miss die, one level each.
export function hitDie(attacker: SectionsCombatant, sight: Sight): LevelledDie {
  const reasons: string[] = [];
  if (isDebilitated(attacker, sight)) reasons.push("debilitated");
  if (swimmingPenalty(attacker) && !isDaggerOrSpear(attacker.weaponType)) reasons.push("swimming");
  return level(attacker.hitDie, reasons);
}

export function missDie(target: SectionsCombatant, sight: Sight): LevelledDie {
  const reasons: string[] = [];
  if (isVulnerable(target, sight)) reasons.push("vulnerable");
  if (has(target, "hindered")) reasons.push("hindered");
  if (swimmingPenalty(target)) reasons.push("swimming");
  return level(target.missDie, reasons);
}

export function damageDie(attacker: SectionsCombatant): LevelledDie {
  const reasons: string[] = [];
  if (swimmingPenalty(attacker) && !isDaggerOrSpear(attacker.weaponType)) reasons.push("swimming");
  return level(attacker.damageDie, reasons);
}

function level(base: number, reasons: readonly string[]): LevelledDie {
  const steps = -reasons.length;
  return { base, sides: stepDie(base, steps).sides, steps, reasons };
}
