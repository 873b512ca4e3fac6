import { rollTest, testTotal } from "../../dice/advantage.js";
import type { DiceRoll } from "../../dice/dice-roll.js";
import { luckTest } from "../../dice/luck-die.js";
import type { Roller } from "../../shared/roller.js";
import {
  CHEAT_DEATH_RISE,
  copyCombatant,
  defenceTest,
  missingHealth,
  overConstitution,
  type CombatantDraft,
  type TeamsCombatant,
} from "./combatant.js";
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
  const combatant = copyCombatant(target);
  const cost = sufferIn(combatant, amount, nonlethal, options);
  return {
    combatant,
    toEndurance: cost.toEndurance,
    toHealth: cost.toHealth,
    mustFortify: cost.mustFortify,
    risksDeath: cost.risksDeath,
  };
}

/** What suffering cost, besides the combatant changed. */
export type SufferCost = Omit<Suffered, "combatant">;

/**
 * suffer's rule written into `c` itself (the simulator's own copy, changed in place so an attack copies no
 * combatant): TEAM-64, TEAM-69, TEAM-70/73. suffer is this on a copy.
 */
export function sufferIn(c: CombatantDraft, amount: number, nonlethal: boolean, options: TeamsOptions): SufferCost {
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

/** TEAM-70: the luck test to cheat death: 10+ (raised by 5 each success) or die. */
export function riskDeath(
  c: TeamsCombatant,
  roller: Roller,
  options: TeamsOptions,
): { combatant: TeamsCombatant; roll: DiceRoll; survived: boolean } {
  const combatant = copyCombatant(c);
  const t = riskDeathTest(combatant, roller, options);
  return { combatant, roll: t.roll, survived: t.success };
}

/** riskDeath's rule written into `c` itself (see sufferIn): the luck test, and what it leaves. */
export function riskDeathTest(
  c: CombatantDraft,
  roller: Roller,
  options: TeamsOptions,
): { roll: DiceRoll; success: boolean } {
  const t = luckTest(roller, c.cheatDeathDifficulty, c.luckModifier, options.luckDieSides);
  if (t.success) c.cheatDeathDifficulty += CHEAT_DEATH_RISE;
  else c.condition = "dead";
  return t;
}

/**
 * TEAM-67/68: fortify against the missing health to stay conscious: 1 stamina, the reaction, meeting it succeeds
 * (ruling).
 */
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
  const combatant = copyCombatant(c);
  quickFortifyIn(combatant, roller);
  return combatant;
}

/** quickFortify written into `c` itself (see sufferIn). */
export function quickFortifyIn(c: CombatantDraft, roller: Roller): void {
  fortified(c, testTotal(roller, defenceTest(c, "fortify"), 0) >= missingHealth(c));
}

function afterFortify(c: TeamsCombatant, success: boolean): TeamsCombatant {
  const combatant = copyCombatant(c);
  fortified(combatant, success);
  return combatant;
}

/** TEAM-67/68: the fortify's cost (1 stamina, the reaction), and unconscious when it failed. */
function fortified(c: CombatantDraft, success: boolean): void {
  c.stamina -= 1;
  c.reactions -= 1;
  if (!success) c.condition = "unconscious";
}

export function canFortify(c: TeamsCombatant): boolean {
  return c.reactions >= 1 && c.stamina >= 1;
}
