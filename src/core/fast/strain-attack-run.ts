import { artModifier, type StrainCharacter } from "../attack/strain/character.js";
import {
  DEFAULT_STRAIN_CONTEST,
  defenceEffect,
  defenceResult,
  type Defence,
  type DefenceEffect,
  type DefenceResult,
  type StrainContestOptions,
} from "../attack/strain/contest.js";
import {
  becomeIncapacitated,
  incapacityRollRefused,
  panicked,
  panicRollRefused,
  passesIncapacityRoll,
  passesPanicRoll,
  type WritableCharacter,
} from "../attack/strain/loads.js";
import { attackNet, defenceModifier, defenceNet } from "../attack/strain/roll-modifiers.js";
import { boonBaneTotal } from "../dice/boon-bane.js";
import type { Refusal } from "../shared/outcome.js";
import type { Roller } from "../shared/roller.js";

/** A Basic Attack's circumstances with default choices: no Boon or Bane given, in melee, no Cover (STR-44/45). */
const PLAIN = { boons: 0, banes: 0, ranged: false, adjacentEnemies: 0, cover: false };

/**
 * The strain attack driven fast: one Basic Attack with default choices (keepTwo Boons, no Finisher), the defence
 * rolled by the attack card's rules and its effect kept in the run's fields (one run a fight); the caller lays the
 * Load and the Vulnerable on its own member. With it, the Panic Roll (STR-57) and the Incapacity Roll (STR-60) on a
 * member the caller owns. Each draws the card's dice in the card's order, totals alone: no roll is kept, no event
 * made. test/core/fast/strain-attack-run.test.ts holds them to the attack card and to the full rolls.
 */
export class StrainAttackFastRun {
  /** The last strike's effect: whether it landed (+1 Load, STR-55), and the Vulnerable it gave (STR-41). */
  takesEffect = false;
  vulnerable = 0;

  /** One Basic Attack by `attacker` on `target`, defending with `defence`: what it did is in the fields. */
  strike(
    attacker: StrainCharacter,
    target: StrainCharacter,
    defence: Defence,
    contest: StrainContestOptions,
    roller: Roller,
  ): void {
    const attack = boonBaneTotal(roller, attackNet(attacker, PLAIN), artModifier(attacker, "basic") ?? 0);
    // STR-61 ruling: an Incapacitated target cannot defend, so the effect lands.
    let result: DefenceResult = "failure";
    if (!target.incapacitated) {
      const def = boonBaneTotal(roller, defenceNet(target, defence), defenceModifier(target, defence));
      result = defenceResult(defence, def, attack, contest);
    }
    const effect = defenceEffect(defence, result);
    this.takesEffect = effect.takesEffect;
    this.vulnerable = effect.vulnerable;
  }

  /** STR-57: the Panic Roll (2d6 + Resolve, no Boon or Bane) on `c` itself: its refusal, or null once rolled. */
  panicRoll(c: WritableCharacter, roller: Roller): Refusal | null {
    const no = panicRollRefused(c);
    if (no) return no;
    if (!passesPanicRoll(c, boonBaneTotal(roller, 0, c.resolve))) panicked(c);
    return null;
  }

  /**
   * STR-60: the Incapacity Roll (2d6 + Resilience, no Boon or Bane) on `c` itself: its refusal, or null once rolled.
   */
  incapacityRoll(c: WritableCharacter, roller: Roller): Refusal | null {
    const no = incapacityRollRefused(c);
    if (no) return no;
    if (!passesIncapacityRoll(c, boonBaneTotal(roller, 0, c.resilience))) becomeIncapacitated(c, null);
    return null;
  }
}

/** What resolveStrainAttack may be told beyond its two characters. */
export interface ResolveStrainOptions {
  readonly defence?: Defence;
  readonly contest?: StrainContestOptions;
}
const NO_OPTIONS: ResolveStrainOptions = {};

/** One Basic Attack with default choices (the defence Resilience unless told): its effect. Nothing is changed. */
export function resolveStrainAttack(
  attacker: StrainCharacter,
  target: StrainCharacter,
  roller: Roller,
  options: ResolveStrainOptions = NO_OPTIONS,
): DefenceEffect {
  const r = new StrainAttackFastRun();
  r.strike(attacker, target, options.defence ?? "resilience", options.contest ?? DEFAULT_STRAIN_CONTEST, roller);
  return { takesEffect: r.takesEffect, vulnerable: r.vulnerable };
}
