import { rollTest } from "../../dice/advantage.js";
import type { DiceRoll } from "../../dice/dice-roll.js";
import { luckTest } from "../../dice/luck-die.js";
import type { Roller } from "../../shared/roller.js";
import {
  CHEAT_DEATH_RISE,
  defenceTest,
  missingHealth,
  overConstitution,
  type TeamsCombatant,
  type WritableCombatant,
} from "./combatant.js";
import type { TeamsOptions } from "./options.js";

/** What suffering cost a combatant. */
export interface Suffered {
  readonly toEndurance: number;
  readonly toHealth: number;
  /** TEAM-67: missing health now exceeds constitution after health was lost. */
  readonly mustFortify: boolean;
  /** TEAM-69/70/73: it must now make a luck test or die. */
  readonly risksDeath: boolean;
}

/**
 * TEAM-64 endurance first, the rest to health; TEAM-69 unconscious at 0 health; TEAM-70/73 death risk. Written into
 * `c`, a combatant its holder owns (a card step hands it a copy).
 */
export function suffer(c: WritableCombatant, amount: number, nonlethal: boolean, options: TeamsOptions): Suffered {
  const was = c.health;
  const wasAtZero = was === 0;
  const condition = c.condition;
  const toEndurance = Math.min(c.endurance, amount);
  const rest = amount - toEndurance;
  const toHealth = Math.min(was, rest);
  const health = was - toHealth;
  c.endurance -= toEndurance;
  c.health = health;
  if (health === 0 && condition === "active") c.condition = "unconscious";
  const exceeded = options.deathRiskCompares === "wholeHit" ? amount > was : rest > was;
  // TEAM-73: a nonlethal source does not risk death when it brings a character to 0; more damage at 0 does
  const risksDeath = condition !== "dead" && amount > 0 && ((health === 0 && exceeded && !nonlethal) || wasAtZero);
  const mustFortify = toHealth > 0 && health > 0 && overConstitution(c) && c.condition === "active";
  return { toEndurance, toHealth, mustFortify, risksDeath };
}

/** TEAM-70: the luck test to cheat death, on `c` itself: 10+ (raised by 5 each success) or die. */
export function riskDeath(
  c: WritableCombatant,
  roller: Roller,
  options: TeamsOptions,
): { roll: DiceRoll; success: boolean } {
  const t = luckTest(roller, c.cheatDeathDifficulty, c.luckModifier, options.luckDieSides);
  if (t.success) c.cheatDeathDifficulty += CHEAT_DEATH_RISE;
  else c.condition = "dead";
  return t;
}

/** TEAM-67/68: fortify against the missing health to stay conscious, rolled with its roll to show, on `c` itself. */
export function fortifyToStayConscious(
  c: WritableCombatant,
  roller: Roller,
): { roll: DiceRoll; success: boolean; difficulty: number } {
  const difficulty = missingHealth(c);
  const roll = rollTest(roller, defenceTest(c, "fortify"));
  return { roll, success: fortified(c, roll.total), difficulty };
}

/**
 * TEAM-67/68: the fortify's outcome from its test's total, written into `c`: it costs 1 stamina and the reaction,
 * and the combatant falls unconscious unless the total meets its missing health (meeting it succeeds: ruling).
 */
export function fortified(c: WritableCombatant, total: number): boolean {
  const success = total >= missingHealth(c);
  c.stamina -= 1;
  c.reactions -= 1;
  if (!success) c.condition = "unconscious";
  return success;
}

export function canFortify(c: TeamsCombatant): boolean {
  return c.reactions >= 1 && c.stamina >= 1;
}
