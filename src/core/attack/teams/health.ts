import { rollTest, testTotal } from "../../dice/advantage.js";
import type { DiceRoll } from "../../dice/dice-roll.js";
import { luckTest } from "../../dice/luck-die.js";
import type { Roller } from "../../shared/roller.js";
import { CHEAT_DEATH_RISE, copyCombatant, defenceTest, missingHealth, overConstitution, type TeamsCombatant } from "./combatant.js";
import type { TeamsOptions } from "./options.js";

export interface Suffered {
  readonly combatant: TeamsCombatant;
  readonly toEndurance: number;
  readonly toHealth: number;
  /** TEAM-67: missing health now exceeds constitution after health was lost. */
  readonly mustFortify: boolean;
  /** TEAM-69/70/73: it must now make a luck test or die. */
  readonly risksDeath: boolean;
}

/** TEAM-64 endurance first, the rest to health; TEAM-69 unconscious at 0 health; TEAM-70/73 death risk. */
export function suffer(target: TeamsCombatant, amount: number, nonlethal: boolean, options: TeamsOptions): Suffered {
  const wasAtZero = target.health === 0;
  const toEndurance = Math.min(target.endurance, amount);
  const rest = amount - toEndurance;
  const toHealth = Math.min(target.health, rest);
  const health = target.health - toHealth;
  const combatant = copyCombatant(target);
  combatant.endurance = target.endurance - toEndurance;
  combatant.health = health;
  if (health === 0 && target.condition === "active") combatant.condition = "unconscious";
  const exceeded = options.deathRiskCompares === "wholeHit" ? amount > target.health : rest > target.health;
  // TEAM-73: a nonlethal source does not risk death when it brings a character to 0; more damage at 0 does
  const risksDeath = target.condition !== "dead" && amount > 0 && ((health === 0 && exceeded && !nonlethal) || wasAtZero);
  const mustFortify = toHealth > 0 && health > 0 && overConstitution(combatant) && combatant.condition === "active";
  return { combatant, toEndurance, toHealth, mustFortify, risksDeath };
}

/** TEAM-70: the luck test to cheat death: 10+ (raised by 5 each success) or die. */
export function riskDeath(
  c: TeamsCombatant,
  roller: Roller,
  options: TeamsOptions,
): { combatant: TeamsCombatant; roll: DiceRoll; survived: boolean } {
  const t = luckTest(roller, c.cheatDeathDifficulty, c.luckModifier, options.luckDieSides);
  const combatant = copyCombatant(c);
  if (t.success) combatant.cheatDeathDifficulty = c.cheatDeathDifficulty + CHEAT_DEATH_RISE;
  else combatant.condition = "dead";
  return { combatant, roll: t.roll, survived: t.success };
}

/** TEAM-67/68: fortify against the missing health to stay conscious: 1 stamina, the reaction, meeting it succeeds (ruling). */
export function fortifyToStayConscious(
  c: TeamsCombatant,
  roller: Roller,
): { combatant: TeamsCombatant; roll: DiceRoll; success: boolean; difficulty: number } {
  const difficulty = missingHealth(c);
  const roll = rollTest(roller, defenceTest(c, "fortify"));
  const success = roll.total >= difficulty;
  return { combatant: afterFortify(c, success), roll, success, difficulty };
}

/** fortifyToStayConscious for the quick resolver: the same dice, no roll to show. */
export function quickFortify(c: TeamsCombatant, roller: Roller): TeamsCombatant {
  return afterFortify(c, testTotal(roller, defenceTest(c, "fortify"), 0) >= missingHealth(c));
}

function afterFortify(c: TeamsCombatant, success: boolean): TeamsCombatant {
  const combatant = copyCombatant(c);
  combatant.stamina = c.stamina - 1;
  combatant.reactions = c.reactions - 1;
  if (!success) combatant.condition = "unconscious";
  return combatant;
}

export function canFortify(c: TeamsCombatant): boolean {
  return c.reactions >= 1 && c.stamina >= 1;
}
