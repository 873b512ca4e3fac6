import { netEdge, rollTest, type TestPool } from "../../dice/advantage.js";
import type { DiceRoll } from "../../dice/dice-roll.js";
import { isLuckCritical, isLuckMisfire, luckTest, rollLuck } from "../../dice/luck-die.js";
import type { Roller } from "../../shared/roller.js";
import { damageKind, missingHealth, type TeamsCombatant, type TeamsWeapon } from "./combatant.js";
import { DEFAULT_TEAMS_OPTIONS, type TeamsOptions } from "./options.js";

/** The arithmetic of one teams attack, shared by the card pipeline and the quick resolver. */

export interface TeamsDeclaration {
  readonly attacker: string;
  readonly target: string;
  readonly weapon: TeamsWeapon;
  /** TEAM-56: the target cannot see the attacker. */
  readonly sneak: boolean;
  /** TEAM-57: the target is surrounded on two opposite sides. */
  readonly flanking: boolean;
  /** Other sources of advantage and disadvantage (TEAM-25 cover, TEAM-30 prone, ...). */
  readonly advantages: number;
  readonly disadvantages: number;
  /** TEAM-52: characters within 1m of the target, who a misfire may hit instead. */
  readonly adjacent: readonly string[];
  /** An on-hit effect Fortify (physical, TEAM-37) or Resist (mental, TEAM-38) may prevent. */
  readonly effect: { readonly name: string; readonly kind: "physical" | "mental" } | null;
}

/** TEAM-54: -2 for every attack made before this one in the round. */
export function multipleAttackPenalty(attacksBefore: number): number {
  return attacksBefore > 0 ? -2 * attacksBefore : 0;
}

/** TEAM-60: a larger attacker treats evasion as higher and deflection as lower, by the size difference. */
export function sizeDifference(attacker: TeamsCombatant, target: TeamsCombatant): number {
  return attacker.size - target.size;
}

/** TEAM-56..58: sneak and flanking each give advantage, both double advantage. */
export function attackEdge(d: TeamsDeclaration): number {
  return netEdge((d.sneak ? 1 : 0) + (d.flanking ? 1 : 0) + d.advantages, d.disadvantages);
}

export interface TeamsToHit {
  readonly test: number;
  readonly testRoll: DiceRoll;
  readonly luck: number;
  readonly luckRoll: DiceRoll;
  readonly edge: number;
  readonly penalty: number;
  readonly critical: boolean;
  readonly misfire: boolean;
  /** Who the attack now targets (a misfire changes it: TEAM-52). */
  readonly target: string;
  readonly evasion: number;
  readonly hit: boolean;
}

/**
 * TEAM-46 test vs evasion (a tie hits), TEAM-50 the luck die's critical, TEAM-52 misfire,
 * TEAM-54 multiple attack penalty, TEAM-56..58 advantage, TEAM-60 size.
 * `pick` resolves a misfire's new target among `decl.adjacent`.
 */
export function rollTeamsToHit(
  attacker: TeamsCombatant,
  target: TeamsCombatant,
  decl: TeamsDeclaration,
  roller: Roller,
  options: TeamsOptions,
  lookup: (id: string) => TeamsCombatant | undefined,
): TeamsToHit {
  const penalty = multipleAttackPenalty(attacker.attacksThisRound);
  const edge = attackEdge(decl);
  const pool: TestPool = { dice: decl.weapon.attack.dice, modifier: decl.weapon.attack.modifier + penalty };
  const testRoll = rollTest(roller, pool, edge);
  const luckRoll = rollLuck(roller, attacker.luckModifier, options.luckDieSides);
  const luck = luckRoll.total;
  const critical = isLuckCritical(luck, decl.weapon.criticalThreshold);
  let victim = target;
  let misfire = false;
  if (!critical && decl.weapon.delivery !== "melee" && decl.adjacent.length > 0 && isLuckMisfire(luck)) {
    // TEAM-52: one of the adjacent characters at random, then resolved normally (ruling: with the same test)
    const picked = decl.adjacent[roller.die(decl.adjacent.length) - 1];
    const other = picked === undefined ? undefined : lookup(picked);
    if (other) {
      victim = other;
      misfire = true;
    }
  }
  const evasion = victim.evasion + sizeDifference(attacker, victim);
  const test = testRoll.total;
  return { test, testRoll, luck, luckRoll, edge, penalty, critical, misfire, target: victim.id, evasion, hit: critical || test >= evasion };
}

export interface TeamsDamage {
  /** TEAM-48: test + weapon damage (TEAM-50: critical damage on a critical). */
  readonly base: number;
  readonly kind: "physical" | "elemental" | "typeless";
  readonly reduction: number;
  /** What reaches the character (at least 1 unless all went into a block). */
  readonly dealt: number;
  /** TEAM-40: what the blocking item takes, and TEAM-42 what breaks through to the character. */
  readonly toItem: number;
  readonly excess: number;
}

/**
 * TEAM-48/49 damage = test + weapon damage - matching reduction, at least 1; TEAM-60 size lowers deflection
 * for a larger attacker; TEAM-43 a parry adds to physical deflection; TEAM-40..42 a block.
 */
export function teamsDamage(
  attacker: TeamsCombatant,
  target: TeamsCombatant,
  weapon: TeamsWeapon,
  toHit: { readonly test: number; readonly critical: boolean },
  options: TeamsOptions,
  parryBonus: number,
  block: { readonly value: number; readonly durability: number } | null,
): TeamsDamage {
  const base = toHit.test + (toHit.critical ? weapon.criticalDamage : weapon.damage);
  const kind = damageKind(weapon.damageType);
  const size = sizeDifference(attacker, target);
  const raw = kind === "physical" ? target.deflection.physical + parryBonus : kind === "elemental" ? target.deflection.elemental : options.typelessReduced ? target.deflection.physical : 0;
  const reduction = Math.max(0, kind === "typeless" && !options.typelessReduced ? 0 : raw - size);
  if (block) {
    const toItem = Math.max(1, base - block.value);
    const over = Math.max(0, toItem - block.durability);
    const excess = options.blockExcessReduced && over > 0 ? Math.max(1, over - reduction) : over;
    return { base, kind, reduction: block.value, dealt: excess, toItem: Math.min(toItem, block.durability), excess };
  }
  return { base, kind, reduction, dealt: Math.max(1, base - reduction), toItem: 0, excess: 0 };
}

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
  const combatant: TeamsCombatant = {
    ...target,
    endurance: target.endurance - toEndurance,
    health,
    condition: health === 0 && target.condition === "active" ? "unconscious" : target.condition,
  };
  const exceeded = options.deathRiskCompares === "wholeHit" ? amount > target.health : rest > target.health;
  // TEAM-73: a nonlethal source does not risk death when it brings a character to 0; more damage at 0 does
  const risksDeath = target.condition !== "dead" && amount > 0 && ((health === 0 && exceeded && !nonlethal) || wasAtZero);
  const mustFortify = toHealth > 0 && health > 0 && missingHealth(combatant) > combatant.constitution && combatant.condition === "active";
  return { combatant, toEndurance, toHealth, mustFortify, risksDeath };
}

/** TEAM-70: the luck test to cheat death: 10+ (raised by 5 each success) or die. */
export function riskDeath(c: TeamsCombatant, roller: Roller, options: TeamsOptions): { combatant: TeamsCombatant; roll: DiceRoll; survived: boolean } {
  const t = luckTest(roller, c.cheatDeathDifficulty, c.luckModifier, options.luckDieSides);
  const combatant: TeamsCombatant = t.success
    ? { ...c, cheatDeathDifficulty: c.cheatDeathDifficulty + 5 }
    : { ...c, condition: "dead" };
  return { combatant, roll: t.roll, survived: t.success };
}

/** TEAM-67/68: fortify against the missing health to stay conscious: 1 stamina, the reaction, meeting it succeeds (ruling). */
export function fortifyToStayConscious(c: TeamsCombatant, roller: Roller): { combatant: TeamsCombatant; roll: DiceRoll; success: boolean; difficulty: number } {
  const difficulty = missingHealth(c);
  const roll = rollTest(roller, c.fortify);
  const success = roll.total >= difficulty;
  const spent = { ...c, stamina: c.stamina - 1, reactions: c.reactions - 1 };
  return { combatant: success ? spent : { ...spent, condition: "unconscious" }, roll, success, difficulty };
}

export function canFortify(c: TeamsCombatant): boolean {
  return c.reactions >= 1 && c.stamina >= 1;
}

export function teamsDeclaration(
  attacker: TeamsCombatant,
  target: TeamsCombatant,
  d: Partial<Omit<TeamsDeclaration, "attacker" | "target">> = {},
): TeamsDeclaration {
  return {
    attacker: attacker.id,
    target: target.id,
    weapon: d.weapon ?? attacker.weapon,
    sneak: d.sneak ?? false,
    flanking: d.flanking ?? false,
    advantages: d.advantages ?? 0,
    disadvantages: d.disadvantages ?? 0,
    adjacent: d.adjacent ?? [],
    effect: d.effect ?? null,
  };
}

export type TeamsOutcome = "miss" | "hit" | "critical";

export interface QuickTeamsResult {
  readonly outcome: TeamsOutcome;
  readonly attacker: TeamsCombatant;
  readonly target: TeamsCombatant;
  /** What reached the target's endurance and health. */
  readonly damage: number;
  readonly died: boolean;
}

/**
 * One whole teams attack with default choices, for the encounter simulator: no reactions, fortify to
 * stay conscious when able, the death luck test when due. No misfire (no neighbours are known here).
 */
export function resolveTeamsAttack(
  attacker: TeamsCombatant,
  target: TeamsCombatant,
  roller: Roller,
  options: { readonly declaration?: Partial<Omit<TeamsDeclaration, "attacker" | "target" | "adjacent">>; readonly rules?: TeamsOptions } = {},
): QuickTeamsResult {
  const rules = options.rules ?? DEFAULT_TEAMS_OPTIONS;
  const decl = teamsDeclaration(attacker, target, options.declaration);
  const toHit = rollTeamsToHit(attacker, target, decl, roller, rules, () => undefined);
  const att: TeamsCombatant = { ...attacker, attacksThisRound: attacker.attacksThisRound + 1 };
  if (!toHit.hit) return { outcome: "miss", attacker: att, target, damage: 0, died: false };
  const dmg = teamsDamage(attacker, target, decl.weapon, toHit, rules, 0, null);
  const s = suffer(target, dmg.dealt, decl.weapon.nonlethal, rules);
  let t = s.combatant;
  if (s.mustFortify) t = canFortify(t) ? fortifyToStayConscious(t, roller).combatant : { ...t, condition: "unconscious" };
  if (s.risksDeath) t = riskDeath(t, roller, rules).combatant;
  return { outcome: toHit.critical ? "critical" : "hit", attacker: att, target: t, damage: s.toEndurance + s.toHealth, died: t.condition === "dead" };
}
