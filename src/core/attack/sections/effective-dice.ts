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
// Each count below pushes the reason for each level to `reasons`, unless that is null (the simulator shows none).

/** The levels the Hit die drops: Debilitated (SEC-18, SEC-52), swimming without a dagger or spear (SEC-68, SEC-71). */
export function hitDrops(attacker: SectionsCombatant, sight: Sight, reasons: string[] | null): number {
  let n = 0;
  if (isDebilitated(attacker, sight)) n = drop(n, reasons, "debilitated");
  if (swimmingPenalty(attacker) && !isDaggerOrSpear(attacker.weaponType)) n = drop(n, reasons, "swimming");
  return n;
}

/** The levels the Miss die drops: Vulnerable (SEC-18, SEC-53), Hindered, swimming (SEC-68). */
export function missDrops(target: SectionsCombatant, sight: Sight, reasons: string[] | null): number {
  let n = 0;
  if (isVulnerable(target, sight)) n = drop(n, reasons, "vulnerable");
  if (has(target, "hindered")) n = drop(n, reasons, "hindered");
  if (swimmingPenalty(target)) n = drop(n, reasons, "swimming");
  return n;
}

/** The levels the damage die drops: swimming without a dagger or spear (SEC-68, SEC-71). */
export function damageDrops(attacker: SectionsCombatant, reasons: string[] | null): number {
  return swimmingPenalty(attacker) && !isDaggerOrSpear(attacker.weaponType) ? drop(0, reasons, "swimming") : 0;
}

function drop(n: number, reasons: string[] | null, reason: string): number {
  reasons?.push(reason);
  return n + 1;
}

export function hitDie(attacker: SectionsCombatant, sight: Sight): LevelledDie {
  const reasons: string[] = [];
  return level(attacker.hitDie, hitDrops(attacker, sight, reasons), reasons);
}

export function missDie(target: SectionsCombatant, sight: Sight): LevelledDie {
  const reasons: string[] = [];
  return level(target.missDie, missDrops(target, sight, reasons), reasons);
}

export function damageDie(attacker: SectionsCombatant): LevelledDie {
  const reasons: string[] = [];
  return level(attacker.damageDie, damageDrops(attacker, reasons), reasons);
}

function level(base: number, drops: number, reasons: readonly string[]): LevelledDie {
  return { base, sides: stepDie(base, -drops).sides, steps: -drops, reasons };
}
