import type { TestPool } from "../../dice/advantage.js";

/** Teams combatants, weapons and items as plain data, and what the rules derive from them. */

export type TeamsCondition = "active" | "unconscious" | "dead";

/** TEAM-62/63: every damage type belongs to one kind. */
export type DamageKind = "physical" | "elemental" | "typeless";
export type DamageType =
  | "bludgeoning"
  | "piercing"
  | "slashing"
  | "arcane"
  | "cold"
  | "fire"
  | "radiant"
  | "shock"
  | "void"
  | "psychic"
  | "typeless";

const KIND: Readonly<Record<DamageType, DamageKind>> = {
  bludgeoning: "physical",
  piercing: "physical",
  slashing: "physical",
  arcane: "elemental",
  cold: "elemental",
  fire: "elemental",
  radiant: "elemental",
  shock: "elemental",
  void: "elemental",
  psychic: "typeless",
  typeless: "typeless",
};

/** TEAM-63: every damage type, in the order the text lists them. */
export const DAMAGE_TYPES = Object.keys(KIND) as readonly DamageType[];

export function isDamageType(value: unknown): value is DamageType {
  return typeof value === "string" && value in KIND;
}

/** TEAM-62: damage with no stated type is typeless. */
export function damageKind(type: DamageType | null): DamageKind {
  return type === null ? "typeless" : (KIND[type] ?? "typeless");
}

export interface TeamsWeapon {
  readonly name: string;
  /** TEAM-46: the chosen attribute die, the combat skill die, and the proficiency bonus. */
  readonly attack: TestPool;
  readonly damage: number;
  /** TEAM-50: used instead of `damage` when the luck roll reaches `criticalThreshold`. */
  readonly criticalDamage: number;
  readonly criticalThreshold: number;
  readonly damageType: DamageType | null;
  /** TEAM-52: thrown and projectile weapons can misfire onto characters next to the target. */
  readonly delivery: "melee" | "thrown" | "projectile";
  /** TEAM-73: damage from a nonlethal source does not make a character risk death. */
  readonly nonlethal: boolean;
}

/** A wielded item that can block (TEAM-40) or parry (TEAM-43). */
export interface TeamsItem {
  readonly id: string;
  readonly name: string;
  /** The block property's value; null when the item cannot block. */
  readonly block: number | null;
  /** The parry value; null when it has none (a parry then adds 1). */
  readonly parry: number | null;
  /** TEAM-44: null when the item lists none (10 if metal, 4 otherwise). */
  readonly durability: number | null;
  readonly metal: boolean;
}

export interface TeamsCombatant {
  readonly id: string;
  readonly name: string;
  readonly team: string;
  /** TEAM-60: size on the rules' scale (small 3, medium 4, ...). */
  readonly size: number;
  readonly endurance: number;
  readonly maxEndurance: number;
  readonly health: number;
  readonly maxHealth: number;
  readonly constitution: number;
  readonly stamina: number;
  readonly focus: number;
  /** TEAM-35: reactions left; Wait (TEAM-27) may add one. */
  readonly reactions: number;
  readonly evasion: number;
  /** TEAM-48/62: the damage reduction against each kind; typeless damage is not reduced by default. */
  readonly deflection: { readonly physical: number; readonly elemental: number };
  readonly luckModifier: number;
  /** TEAM-70: the luck test to cheat death; +5 every time it succeeds. */
  readonly cheatDeathDifficulty: number;
  readonly dodge: TestPool;
  readonly fortify: TestPool;
  readonly resist: TestPool;
  readonly items: readonly TeamsItem[];
  readonly weapon: TeamsWeapon;
  readonly condition: TeamsCondition;
  /** TEAM-22 Guard: +1 to all defences and defence tests until its next turn. */
  readonly guarding: boolean;
  /** TEAM-30: prone gives ranged attackers disadvantage and melee attackers advantage. */
  readonly prone: boolean;
  /** TEAM-25 Seek Cover: ranged attackers have disadvantage. */
  readonly inCover: boolean;
  /** TEAM-54: attacks made so far this round. */
  readonly attacksThisRound: number;
}

export const UNARMED: TeamsWeapon = {
  name: "unarmed",
  attack: { dice: [4, 4], modifier: 0 },
  damage: 1,
  criticalDamage: 2,
  criticalThreshold: 20,
  damageType: "bludgeoning",
  delivery: "melee",
  nonlethal: false,
};

export function teamsCombatant(c: Partial<TeamsCombatant> & { readonly id: string }): TeamsCombatant {
  const maxEndurance = c.maxEndurance ?? c.endurance ?? 10;
  const maxHealth = c.maxHealth ?? c.health ?? 10;
  return {
    name: c.id,
    team: "",
    size: 4,
    endurance: maxEndurance,
    maxEndurance,
    health: maxHealth,
    maxHealth,
    constitution: 4,
    stamina: 3,
    focus: 3,
    reactions: 1,
    evasion: 6,
    deflection: { physical: 0, elemental: 0 },
    luckModifier: 0,
    cheatDeathDifficulty: cheatDeathDifficulty(0),
    dodge: { dice: [6, 6], modifier: 0 },
    fortify: { dice: [6, 4], modifier: 0 },
    resist: { dice: [6, 4], modifier: 0 },
    items: [],
    weapon: UNARMED,
    condition: "active",
    guarding: false,
    prone: false,
    inCover: false,
    attacksThisRound: 0,
    ...c,
  };
}

/**
 * A combatant its holder owns and changes in place: a card step's copy (copyCombatant), or the simulator's own unit.
 * The rules that change a combatant are written once, on one of these.
 */
export type WritableCombatant = { -readonly [K in keyof TeamsCombatant]: TeamsCombatant[K] };

/**
 * A copy of `c` to change a few fields of before handing it on. One literal with every field in a fixed
 * order gives every copy the same shape: spread copies ({ ...c, health }) each get a shape of their own,
 * and the many shapes slow every later read of a combatant (the simulator copies several per attack).
 * Nested parts (deflection, tests, items, weapon) are shared: they are replaced, never edited in place.
 */
export function copyCombatant(c: TeamsCombatant): WritableCombatant {
  return {
    name: c.name,
    team: c.team,
    size: c.size,
    endurance: c.endurance,
    maxEndurance: c.maxEndurance,
    health: c.health,
    maxHealth: c.maxHealth,
    constitution: c.constitution,
    stamina: c.stamina,
    focus: c.focus,
    reactions: c.reactions,
    evasion: c.evasion,
    deflection: c.deflection,
    luckModifier: c.luckModifier,
    cheatDeathDifficulty: c.cheatDeathDifficulty,
    dodge: c.dodge,
    fortify: c.fortify,
    resist: c.resist,
    items: c.items,
    weapon: c.weapon,
    condition: c.condition,
    guarding: c.guarding,
    prone: c.prone,
    inCover: c.inCover,
    attacksThisRound: c.attacksThisRound,
    id: c.id,
  };
}

/** TEAM-44: an item without a listed durability has 10 if metal, 4 otherwise. */
export function durabilityOf(item: Pick<TeamsItem, "durability" | "metal">): number {
  return item.durability ?? (item.metal ? 10 : 4);
}

/** TEAM-44: an item at 0 durability is broken and cannot be used to block or parry. */
export function isBroken(item: Pick<TeamsItem, "durability" | "metal">): boolean {
  return durabilityOf(item) <= 0;
}

/** TEAM-43: a parry adds the item's parry value to physical deflection, or 1 when it has none. */
export function parryBonus(item: Pick<TeamsItem, "parry">): number {
  return item.parry ?? 1;
}

/** TEAM-22: what Guard adds to defences and defence tests. */
export function guardBonus(c: TeamsCombatant): number {
  return c.guarding === true ? 1 : 0;
}

/** TEAM-36..38 defence tests, with the TEAM-22 Guard bonus. */
export function defenceTest(c: TeamsCombatant, kind: "dodge" | "fortify" | "resist"): TestPool {
  const pool = c[kind];
  const bonus = guardBonus(c);
  return bonus === 0 ? pool : { dice: pool.dice, modifier: pool.modifier + bonus };
}

/** TEAM-65: harmed at or below half endurance. */
export function isHarmed(c: Pick<TeamsCombatant, "endurance" | "maxEndurance">): boolean {
  return c.endurance * 2 <= c.maxEndurance;
}

/** TEAM-65: bloodied below maximum health. */
export function isBloodied(c: Pick<TeamsCombatant, "health" | "maxHealth">): boolean {
  return c.health < c.maxHealth;
}

/** TEAM-70: how much harder cheating death becomes after each success. */
export const CHEAT_DEATH_RISE = 5;

/** TEAM-70: the luck test to cheat death needs 10, raised by 5 for every time death was cheated before. */
export function cheatDeathDifficulty(timesCheated: number): number {
  return 10 + CHEAT_DEATH_RISE * timesCheated;
}

/** TEAM-70: how many times death was cheated to reach this difficulty (the inverse of cheatDeathDifficulty). */
export function timesCheatedDeath(difficulty: number): number {
  return Number.isFinite(difficulty) && difficulty > 10 ? Math.ceil((difficulty - 10) / CHEAT_DEATH_RISE) : 0;
}

export function missingHealth(c: Pick<TeamsCombatant, "health" | "maxHealth">): number {
  return c.maxHealth - c.health;
}

/** TEAM-67: a character whose missing health exceeds their constitution must fortify or fall unconscious. */
export function overConstitution(c: Pick<TeamsCombatant, "health" | "maxHealth" | "constitution">): boolean {
  return missingHealth(c) > c.constitution;
}
