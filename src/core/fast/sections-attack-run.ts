import type { SectionsCombatant } from "../attack/sections/combatant.js";
import { damageDrops, hitDrops, missDrops, type Sight } from "../attack/sections/effective-dice.js";
import { damageDealt } from "../attack/sections/steps/damage.js";
import { hits } from "../attack/sections/steps/to-hit.js";
import { DEFAULT_SECTIONS_ATTACK_OPTIONS, type SectionsAttackOptions } from "../attack/sections/types.js";
import { steppedSides } from "../dice/dice-level.js";
import type { Roller } from "../shared/roller.js";

/** Each side sees the other: the simulator's fights are in the open. */
export const IN_SIGHT: Sight = { attackerSeesTarget: true, targetSeesAttacker: true };

/**
 * The sections attack driven fast: one attack with default choices (no Intercept, no Block crossed), by the attack
 * card's rules: the Hit and Miss dice as conditions lower them (SEC-18, SEC-52/53, SEC-68..71), the Hit roll against
 * the Miss roll (SEC-22), then the damage die. It draws the card's dice in the card's order, totals alone, and
 * changes nothing: the damage dealt stays in the run's field (one run a fight), for the caller to lay on its own
 * unit. test/core/fast/sections-attack-run.test.ts holds it to the attack card.
 */
export class SectionsAttackFastRun {
  /** The damage the last strike dealt: 0 on a miss. */
  damage = 0;

  /** One attack by `attacker` on `target`: what it dealt is in `damage`. */
  strike(
    attacker: SectionsCombatant,
    target: SectionsCombatant,
    sight: Sight,
    options: SectionsAttackOptions,
    roller: Roller,
  ): void {
    const hit = roller.die(steppedSides(attacker.hitDie, -hitDrops(attacker, sight, null)));
    const miss = roller.die(steppedSides(target.missDie, -missDrops(target, sight, null)));
    this.damage = hits(hit, miss, options)
      ? damageDealt(roller.die(steppedSides(attacker.damageDie, -damageDrops(attacker, null))) + attacker.damageBonus)
      : 0;
  }
}

/** What resolveSectionsAttack may be told beyond its two entities. */
export interface ResolveSectionsOptions {
  readonly sight?: Sight;
  readonly tiesHit?: boolean;
}
const NO_OPTIONS: ResolveSectionsOptions = {};

/** One sections attack with default choices: the damage it deals (0 on a miss). Nothing is changed. */
export function resolveSectionsAttack(
  attacker: SectionsCombatant,
  target: SectionsCombatant,
  roller: Roller,
  options: ResolveSectionsOptions = NO_OPTIONS,
): number {
  const rules =
    options.tiesHit === undefined
      ? DEFAULT_SECTIONS_ATTACK_OPTIONS
      : { ...DEFAULT_SECTIONS_ATTACK_OPTIONS, tiesHit: options.tiesHit };
  const r = new SectionsAttackFastRun();
  r.strike(attacker, target, options.sight ?? IN_SIGHT, rules, roller);
  return r.damage;
}
