import type { DieResult } from "../../dice/dice-roll.js";
import type { Roller } from "../../shared/roller.js";
import { conditionAtHp, effectiveStrength, hasFeat, type AimTarget, type EscalationCombatant, type Wound } from "./combatant.js";
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

export function rollDamage(
  attacker: EscalationCombatant,
  target: EscalationCombatant,
  decl: EscalationDeclaration,
  multiplier: number,
  options: EscalationOptions,
  roller: Roller,
  dice: DieResult[] | null,
): EscalationDamage {
  const out = blankDamage();
  rollDamageInto(out, attacker, target, decl, multiplier, options, roller, dice);
  return out;
}

/** A damage record for rollDamageInto to fill (the simulator keeps one a fight instead of one a hit). */
export function blankDamage(): { -readonly [K in keyof EscalationDamage]: EscalationDamage[K] } {
  return {
    weaponSides: 0,
    weaponDice: 0,
    sneakDice: 0,
    flat: 0,
    multiplier: 0,
    raw: 0,
    armor: 0,
    net: 0,
    wound: false,
    fatalDie: 0,
    fatalBonus: 0,
    total: 0,
  };
}

/** rollDamage's rule, its answer written to `out`, every field of it. */
export function rollDamageInto(
  out: { -readonly [K in keyof EscalationDamage]: EscalationDamage[K] },
  attacker: EscalationCombatant,
  target: EscalationCombatant,
  decl: EscalationDeclaration,
  multiplier: number,
  options: EscalationOptions,
  roller: Roller,
  dice: DieResult[] | null,
): void {
  const w = decl.weapon;
  const feats = decl.kind !== "extraAttack"; // ESC-10: the extra attack is made without feats
  const sides = feats && hasFeat(attacker, "weaponFocus") && attacker.focusWeapons.includes(w.name) ? stepUp(w.sides) : w.sides;
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
  const strength = w.melee && options.strengthToMeleeDamage && decl.kind !== "extraAttack" ? effectiveStrength(attacker) : 0;
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
  out.weaponSides = sides;
  out.weaponDice = weaponDice;
  out.sneakDice = sneakDice;
  out.flat = flat;
  out.multiplier = multiplier;
  out.raw = raw;
  out.armor = target.armor;
  out.net = net;
  out.wound = wound;
  out.fatalDie = fatalDie;
  out.fatalBonus = fatalBonus;
  out.total = net + fatalBonus;
}

/** ESC-20..24: the target after a hit: hit points lost, a wound remembered, defeated at 0 (ruling). */
export function takeHit(target: EscalationCombatant, damage: EscalationDamage, aim: AimTarget | null, round: number): EscalationCombatant {
  const hurt = { ...target };
  takeHitInPlace(hurt, damage, aim, round);
  return hurt;
}

/** A combatant its owner may change in place (the simulator's own copies, or a copy just made). */
export type WritableCombatant = { -readonly [K in keyof EscalationCombatant]: EscalationCombatant[K] };

/** takeHit's rule on `target` itself (its owner's copy): the simulator's units take their hits without a copy each. */
export function takeHitInPlace(target: WritableCombatant, damage: EscalationDamage, aim: AimTarget | null, round: number): void {
  const hp = Math.max(0, target.hp - damage.total);
  if (damage.wound) target.wounds = [...target.wounds, { target: aim ?? "unaimed", round }] as readonly Wound[];
  target.hp = hp;
  if (target.condition === "active") target.condition = conditionAtHp(hp);
}
