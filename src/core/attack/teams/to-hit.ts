import { netEdge, rollTest, testTotal, type TestPool } from "../../dice/advantage.js";
import type { DiceRoll } from "../../dice/dice-roll.js";
import { isLuckCritical, isLuckMisfire, luckTotal, rollLuck } from "../../dice/luck-die.js";
import type { Roller } from "../../shared/roller.js";
import { guardBonus, type TeamsCombatant } from "./combatant.js";
import type { TeamsDeclaration } from "./declaration.js";
import type { TeamsOptions } from "./options.js";

/** TEAM-54: -2 for every attack made before this one in the round. */
export function multipleAttackPenalty(attacksBefore: number): number {
  return attacksBefore > 0 ? -2 * attacksBefore : 0;
}

/** TEAM-60: a larger attacker treats evasion as higher and deflection as lower, by the size difference. */
export function sizeDifference(attacker: TeamsCombatant, target: TeamsCombatant): number {
  return attacker.size - target.size;
}

/** TEAM-56..58: sneak and flanking each give advantage, both double advantage. */
export function attackEdge(d: TeamsDeclaration, target: TeamsCombatant | null = null): number {
  const ranged = d.weapon.delivery !== "melee";
  // TEAM-30 prone: ranged disadvantage, melee advantage; TEAM-25 cover: ranged disadvantage
  const proneAdv = target?.prone === true && !ranged ? 1 : 0;
  const proneDis = target?.prone === true && ranged ? 1 : 0;
  const coverDis = target?.inCover === true && ranged ? 1 : 0;
  return netEdge(
    (d.sneak ? 1 : 0) + (d.flanking ? 1 : 0) + d.advantages + proneAdv,
    d.disadvantages + proneDis + coverDis,
  );
}

/** The to-hit numbers without the rolls to show: all the simulator's fast run needs. */
export interface TeamsHitCheck {
  readonly test: number;
  readonly luck: number;
  readonly edge: number;
  readonly penalty: number;
  readonly critical: boolean;
  readonly misfire: boolean;
  /** Who the attack now targets (a misfire changes it: TEAM-52). */
  readonly target: string;
  readonly evasion: number;
  readonly hit: boolean;
}

export interface TeamsToHit extends TeamsHitCheck {
  readonly testRoll: DiceRoll;
  readonly luckRoll: DiceRoll;
}

/** TEAM-46 the weapon's attack test, with TEAM-54's penalty on its bonus. */
function attackPool(decl: TeamsDeclaration, penalty: number): TestPool {
  return { dice: decl.weapon.attack.dice, modifier: decl.weapon.attack.modifier + penalty };
}

/**
 * The test and luck roll against the target: TEAM-50 the luck die's critical, TEAM-52 misfire (one more die
 * when it happens), TEAM-46 evasion with TEAM-60 size and TEAM-22 Guard (a tie hits).
 */
function judge(
  attacker: TeamsCombatant,
  target: TeamsCombatant,
  decl: TeamsDeclaration,
  // The rolled numbers as arguments, not an object: the simulator judges every attack it plays.
  test: number,
  luck: number,
  edge: number,
  penalty: number,
  roller: Roller,
  lookup: (id: string) => TeamsCombatant | undefined,
): TeamsHitCheck {
  const critical = isLuckCritical(luck, decl.weapon.criticalThreshold);
  let victim = target;
  let misfire = false;
  const others = decl.adjacent.length === 0 ? decl.adjacent : decl.adjacent.filter((id) => id !== target.id);
  if (!critical && decl.weapon.delivery !== "melee" && others.length > 0 && isLuckMisfire(luck)) {
    // TEAM-52: one of the adjacent characters at random, then resolved normally (ruling: with the same test)
    const picked = others[roller.die(others.length) - 1];
    const other = picked === undefined ? undefined : lookup(picked);
    if (other) {
      victim = other;
      misfire = true;
    }
  }
  const evasion = victim.evasion + sizeDifference(attacker, victim) + guardBonus(victim);
  return { test, luck, edge, penalty, critical, misfire, target: victim.id, evasion, hit: critical || test >= evasion };
}

/** TEAM-54 the multiple attack penalty, TEAM-56..58 and TEAM-60 the edge, and the pool the test rolls. */
function attackTerms(attacker: TeamsCombatant, target: TeamsCombatant, decl: TeamsDeclaration) {
  const penalty = multipleAttackPenalty(attacker.attacksThisRound);
  return { penalty, edge: attackEdge(decl, target), pool: attackPool(decl, penalty) };
}

/**
 * TEAM-46 test vs evasion (a tie hits), TEAM-50 the luck die's critical, TEAM-52 misfire,
 * TEAM-54 multiple attack penalty, TEAM-56..58 advantage, TEAM-60 size.
 * `lookup` finds a misfire's new target among `decl.adjacent` (the intended target itself excluded).
 */
export function rollTeamsToHit(
  attacker: TeamsCombatant,
  target: TeamsCombatant,
  decl: TeamsDeclaration,
  roller: Roller,
  options: TeamsOptions,
  lookup: (id: string) => TeamsCombatant | undefined,
): TeamsToHit {
  const { penalty, edge, pool } = attackTerms(attacker, target, decl);
  const testRoll = rollTest(roller, pool, edge);
  const luckRoll = rollLuck(roller, attacker.luckModifier, options.luckDieSides);
  return {
    ...judge(attacker, target, decl, testRoll.total, luckRoll.total, edge, penalty, roller, lookup),
    testRoll,
    luckRoll,
  };
}

/** rollTeamsToHit without the rolls to show, drawing the same dice in the same order. */
export function checkTeamsToHit(
  attacker: TeamsCombatant,
  target: TeamsCombatant,
  decl: TeamsDeclaration,
  roller: Roller,
  options: TeamsOptions,
  lookup: (id: string) => TeamsCombatant | undefined,
): TeamsHitCheck {
  // attackTerms' three numbers without its object (the pool is the dice code's argument).
  const penalty = multipleAttackPenalty(attacker.attacksThisRound);
  const edge = attackEdge(decl, target);
  const test = testTotal(roller, attackPool(decl, penalty), edge);
  const luck = luckTotal(roller, attacker.luckModifier, options.luckDieSides);
  return judge(attacker, target, decl, test, luck, edge, penalty, roller, lookup);
}
