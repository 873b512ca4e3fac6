import type { DieResult } from "../../dice/dice-roll.js";
import type { Roller } from "../../shared/roller.js";
import {
  conditionAtHp,
  effectiveStrength,
  hasFeat,
  type AimTarget,
  type EscalationCombatant,
  type WritableCombatant,
  type Wound,
} from "./combatant.js";
import type { EscalationDeclaration } from "./declaration.js";
import type { EscalationOptions } from "./options.js";

const DIE_STEPS = [4, 6, 8, 10, 12, 20];

/** ESC-61 Weapon focus: one die step up (ruling: d4 > d6 > d8 > d10 > d12 > d20; a d20 stays). */
export function stepUp(sides: number): number {
  for (const s of DIE_STEPS) if (s > sides) return s;
  return sides;
}

export interface EscalationDamage {
  readonly weaponSides: number;
  readonly weaponDice: number;
  readonly sneakDice: number;
  readonly flat: number;
  readonly multiplier: number;
  /** (weapon dice + flat + sneak dice) x multiplier. */
  readonly raw: number;
  readonly armor: number;
  /** ESC-20: after every reduction. */
  readonly net: number;
  readonly wound: boolean;
  /** ESC-21: the d4 for a Fatal wound (0 when not rolled) and its +16. */
  readonly fatalDie: number;
  readonly fatalBonus: number;
  /** What the target loses. */
  readonly total: number;
}

/** ESC-15..24: a hit's damage from its dice (sneak dice too), multiplied, less armour, and a wound's fatal chance. */
export function rollDamage(
  attacker: EscalationCombatant,
  target: EscalationCombatant,
  decl: EscalationDeclaration,
  multiplier: number,
  options: EscalationOptions,
  roller: Roller,
  dice: DieResult[] | null,
): EscalationDamage {
  const w = decl.weapon;
  const feats = decl.kind !== "extraAttack"; // ESC-10: the extra attack is made without feats
  const sides =
    feats && hasFeat(attacker, "weaponFocus") && attacker.focusWeapons.includes(w.name) ? stepUp(w.sides) : w.sides;
  let weaponDice = 0;
  for (let i = 0; i < w.dice; i++) {
    const v = roller.die(sides);
    weaponDice += v;
    if (dice) dice.push({ sides, value: v, kept: true });
  }
  let sneakDice = 0;
  if (decl.undetected) {
    // ESC-51 1d4 sneak damage; ESC-56 Sneak attack adds another d4
    const n = feats && hasFeat(attacker, "sneakAttack") ? 2 : 1;
    for (let i = 0; i < n; i++) {
      const v = roller.die(4);
      sneakDice += v;
      if (dice) dice.push({ sides: 4, value: v, kept: true });
    }
  }
  const strength =
    w.melee && options.strengthToMeleeDamage && decl.kind !== "extraAttack" ? effectiveStrength(attacker) : 0;
  const flat = w.modifier + strength + (w.melee ? decl.damageBoost : 0);
  // ESC-31/32/51: the whole damage, sneak dice included, is multiplied
  const raw = Math.max(0, weaponDice + sneakDice + flat) * multiplier;
  const net = Math.max(0, raw - target.armor);
  const wound = net >= 6;
  let fatalDie = 0;
  let fatalBonus = 0;
  if (wound && decl.aim === "fatal") {
    // ESC-21 ruling: the 1-in-4 chance is a d4 showing 4
    fatalDie = roller.die(4);
    if (dice) dice.push({ sides: 4, value: fatalDie, kept: false });
    if (fatalDie === 4) fatalBonus = options.fatalBonusMultiplied ? 16 * multiplier : 16;
  }
  return {
    weaponSides: sides,
    weaponDice,
    sneakDice,
    flat,
    multiplier,
    raw,
    armor: target.armor,
    net,
    wound,
    fatalDie,
    fatalBonus,
    total: net + fatalBonus,
  };
}

/**
 * ESC-20..24: the hit written into `target` (the caller's own copy): hit points lost, a wound remembered, defeated at
 * 0 (ruling).
 */
export function takeHit(
  target: WritableCombatant,
  damage: EscalationDamage,
  aim: AimTarget | null,
  round: number,
): void {
  const hp = Math.max(0, target.hp - damage.total);
  if (damage.wound) target.wounds = [...target.wounds, { target: aim ?? "unaimed", round }] as readonly Wound[];
  target.hp = hp;
  if (target.condition === "active") target.condition = conditionAtHp(hp);
}

/** ESC-36: a fatal tragedy, the attacked unit kills the attacker instantly (written into the caller's own copy). */
export function killByFatalTragedy(attacker: WritableCombatant): void {
  attacker.hp = 0;
  attacker.condition = "dead";
}

/** ESC-33: a decisive victory, the target is defeated on the spot (written into the caller's own copy). */
export function defeatByDecisiveVictory(target: WritableCombatant): void {
  target.hp = 0;
  target.condition = "defeated";
}
