import type { DieResult } from "../../dice/dice-roll.js";
import { ESCALATION_DICE, type D20Kind } from "../../dice/escalation-chain.js";
import type { Roller } from "../../shared/roller.js";
import {
  effectiveAccuracy,
  effectiveStrength,
  FIST,
  freeHitsLeft,
  hasFeat,
  type AimTarget,
  type EscalationCombatant,
  type EscalationWeapon,
  type Wound,
} from "./combatant.js";
import { defenceOf, type DefenceReason } from "./defence.js";
import { DEFAULT_ESCALATION_OPTIONS, type EscalationOptions } from "./options.js";

/**
 * The arithmetic of one escalation attack, shared by the card pipeline and the quick resolver.
 * Each step optionally records its dice into `dice` (null on the simulator's fast path).
 */

/** attack: costs 1 AA (ESC-13); extraAttack: MA + 2 BA, no feats, no Strength (ESC-10); freeHit: a slot (ESC-38, ESC-42); freeCritical: the tragedy's (ESC-35). */
export type EscalationAttackKind = "attack" | "extraAttack" | "freeHit" | "freeCritical";

export interface EscalationDeclaration {
  readonly attacker: string;
  readonly target: string;
  readonly weapon: EscalationWeapon;
  readonly aim: AimTarget | null;
  /** ESC-16: attacking from behind. */
  readonly flanking: boolean;
  /** ESC-51: attacking while undetected (sneak damage, target flat-footed). */
  readonly undetected: boolean;
  /** ESC-34: the attacker stands in the target's melee zone. */
  readonly inMeleeZone: boolean;
  readonly kind: EscalationAttackKind;
  /** Situational accuracy, e.g. the ESC-09 +1 to hit boost. */
  readonly toHitBonus: number;
  /** Situational melee damage, e.g. the ESC-09 +1 damage boost. */
  readonly damageBoost: number;
}

export type EscalationOutcome =
  | "miss"
  | "hit"
  | "critical"
  | "superCritical"
  | "decisiveVictory"
  | "autoFail"
  | "tragedy"
  | "fatalTragedy";

export interface EscalationToHit {
  readonly natural: number;
  readonly kind: D20Kind;
  readonly steps: number;
  readonly modifier: number;
  readonly total: number;
  readonly needed: number;
  readonly reason: DefenceReason;
  readonly outcome: EscalationOutcome;
  readonly hit: boolean;
  /** ESC-31/32: x2 critical, x4 super critical. */
  readonly multiplier: number;
  /** What the target gets back after a natural 1 (ESC-34, ESC-35). */
  readonly owed: "none" | "freeHit" | "freeCritical";
}

/** Accuracy for this attack: ESC-14 Accuracy, ESC-16 flanking +1, ESC-25 Center Mass +1, plus boosts. */
export function attackModifier(attacker: EscalationCombatant, decl: EscalationDeclaration, round: number, options: EscalationOptions): number {
  return (
    effectiveAccuracy(attacker, round, options.disruptingRoundPenalty) +
    (decl.flanking ? 1 : 0) +
    (decl.aim === "centerMass" ? 1 : 0) +
    decl.toHitBonus
  );
}

/** ESC-14 and ESC-27..36: the d20, its escalation chain, and what it means for this attack. */
export function rollToHit(
  attacker: EscalationCombatant,
  target: EscalationCombatant,
  decl: EscalationDeclaration,
  round: number,
  options: EscalationOptions,
  roller: Roller,
  dice: DieResult[] | null,
): EscalationToHit {
  const modifier = attackModifier(attacker, decl, round, options);
  const def = defenceOf(target, round, decl.undetected);
  if (decl.kind === "freeCritical") {
    // ESC-35: a free critical hit lands as a critical without a roll (ruling)
    return { natural: 0, kind: "critical", steps: 0, modifier, total: 0, needed: def.needed, reason: def.reason, outcome: "critical", hit: true, multiplier: 2, owed: "none" };
  }
  const natural = roller.die(20);
  if (dice) dice.push({ sides: 20, value: natural, kept: true });
  const kind: D20Kind = natural === 20 ? "critical" : natural === 1 ? "autoFail" : "normal";
  // ESC-33 / ESC-36: in an attack the chain stops at the d6
  let steps = 0;
  if (kind !== "normal") {
    for (let i = 0; i < 2; i++) {
      const sides = ESCALATION_DICE[i] ?? 4;
      const v = roller.die(sides);
      if (dice) dice.push({ sides, value: v, kept: false });
      if (v !== sides) break;
      steps++;
    }
  }
  const total = natural + modifier;
  const needed = def.needed;
  const reason = def.reason;
  // a plain literal, not a spread: spreading here made the simulator's attacks ten times slower
  const make = (outcome: EscalationOutcome, hit: boolean, multiplier: number, owed: EscalationToHit["owed"]): EscalationToHit => ({
    natural,
    kind,
    steps,
    modifier,
    total,
    needed,
    reason,
    outcome,
    hit,
    multiplier,
    owed,
  });
  if (kind === "critical") {
    // ESC-27 a natural 20 is a critical hit, so it hits whatever the numbers (ruling)
    if (steps >= 2) return make("decisiveVictory", true, 4, "none");
    return steps === 1 ? make("superCritical", true, 4, "none") : make("critical", true, 2, "none");
  }
  if (kind === "autoFail") {
    // ESC-29/34: always a miss
    if (steps >= 2) return make("fatalTragedy", false, 0, "none");
    const able = target.condition === "active";
    if (steps === 1) return make("tragedy", false, 0, able && (decl.inMeleeZone || !options.tragedyNeedsMeleeZone) ? "freeCritical" : "none");
    return make("autoFail", false, 0, able && decl.inMeleeZone && freeHitsLeft(target) > 0 ? "freeHit" : "none");
  }
  const hit = total >= needed;
  return make(hit ? "hit" : "miss", hit, hit ? 1 : 0, "none");
}

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
  return { weaponSides: sides, weaponDice, sneakDice, flat, multiplier, raw, armor: target.armor, net, wound, fatalDie, fatalBonus, total: net + fatalBonus };
}

/** ESC-20..24: the target after a hit: hit points lost, a wound remembered, defeated at 0 (ruling). */
export function takeHit(target: EscalationCombatant, damage: EscalationDamage, aim: AimTarget | null, round: number): EscalationCombatant {
  const hp = Math.max(0, target.hp - damage.total);
  const wounds: readonly Wound[] = damage.wound ? [...target.wounds, { target: aim ?? "unaimed", round }] : target.wounds;
  return { ...target, hp, wounds, condition: hp === 0 && target.condition === "active" ? "defeated" : target.condition };
}

export function declaration(
  attacker: EscalationCombatant,
  target: EscalationCombatant,
  d: Partial<Omit<EscalationDeclaration, "attacker" | "target">> = {},
): EscalationDeclaration {
  return {
    attacker: attacker.id,
    target: target.id,
    // ESC-49 ruling: a disarmed unit fights unarmed unless the declaration names another weapon
    weapon: d.weapon ?? (attacker.disarmed ? FIST : attacker.weapon),
    aim: d.aim ?? null,
    flanking: d.flanking ?? false,
    undetected: d.undetected ?? false,
    inMeleeZone: d.inMeleeZone ?? (d.weapon ?? (attacker.disarmed ? FIST : attacker.weapon)).melee,
    kind: d.kind ?? "attack",
    toHitBonus: d.toHitBonus ?? 0,
    damageBoost: d.damageBoost ?? 0,
  };
}

export interface QuickEscalationResult {
  readonly outcome: EscalationOutcome;
  readonly attacker: EscalationCombatant;
  readonly target: EscalationCombatant;
  /** Hit points the target lost. */
  readonly damage: number;
  /** What the target may now take against the attacker: call again with kind freeHit / freeCritical. */
  readonly owed: "none" | "freeHit" | "freeCritical";
}

/**
 * One whole escalation attack with default choices, for the encounter simulator: no events, no dice kept.
 * It does not check actions (the caller runs the turn) but does spend a free hit slot for kind freeHit.
 */
export function resolveEscalationAttack(
  attacker: EscalationCombatant,
  target: EscalationCombatant,
  roller: Roller,
  options: {
    readonly declaration?: Partial<Omit<EscalationDeclaration, "attacker" | "target">>;
    readonly round?: number;
    readonly rules?: EscalationOptions;
  } = {},
): QuickEscalationResult {
  const rules = options.rules ?? DEFAULT_ESCALATION_OPTIONS;
  const round = options.round ?? 1;
  const decl = declaration(attacker, target, options.declaration);
  let att = decl.kind === "freeHit" ? { ...attacker, freeHitsUsed: attacker.freeHitsUsed + 1 } : attacker;
  const toHit = rollToHit(att, target, decl, round, rules, roller, null);
  if (toHit.outcome === "fatalTragedy") {
    att = { ...att, hp: 0, condition: "dead" };
    return { outcome: toHit.outcome, attacker: att, target, damage: 0, owed: "none" };
  }
  if (toHit.outcome === "decisiveVictory") {
    return { outcome: toHit.outcome, attacker: att, target: { ...target, hp: 0, condition: "defeated" }, damage: target.hp, owed: "none" };
  }
  if (!toHit.hit) return { outcome: toHit.outcome, attacker: att, target, damage: 0, owed: toHit.owed };
  const dmg = rollDamage(att, target, decl, toHit.multiplier, rules, roller, null);
  const hurt = takeHit(target, dmg, decl.aim, round);
  return { outcome: toHit.outcome, attacker: att, target: hurt, damage: target.hp - hurt.hp, owed: "none" };
}
