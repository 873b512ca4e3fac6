/** Escalation combatants as plain data, and the stats the rules derive from them. */

export type EscalationCondition = "active" | "incapacitated" | "defeated" | "dead";

/** ESC-19: the body targets an attack may aim at. `null` on a declaration means unaimed (ruling). */
export type AimTarget = "fatal" | "slowing" | "weakening" | "disrupting" | "centerMass";

export type EscalationFeat =
  "sneakAttack" | "legionLeader" | "battleCaster" | "maneuverer" | "reach" | "weaponFocus" | "athlete";

/** ESC-20: a wound, remembered with the body target it was aimed at and the round it was dealt. */
export interface Wound {
  readonly target: AimTarget | "unaimed";
  readonly round: number;
}

/** ESC-15: damage is set by the weapon or spell; the tables live outside the chapter, so it is data. */
export interface EscalationWeapon {
  readonly name: string;
  readonly dice: number;
  readonly sides: number;
  readonly modifier: number;
  readonly melee: boolean;
  /** ESC-19: only physical attacks may be aimed. */
  readonly physical: boolean;
}

export interface EscalationActions {
  readonly aa: number;
  readonly ma: number;
  readonly ba: number;
}

export interface EscalationCombatant {
  readonly id: string;
  readonly name: string;
  readonly accuracy: number;
  readonly agility: number;
  readonly strength: number;
  readonly hp: number;
  readonly maxHp: number;
  /** Every reduction (armor, resistances, guarding feats) as one number: ESC-20 counts net damage. */
  readonly armor: number;
  readonly level: number;
  readonly movement: number;
  readonly condition: EscalationCondition;
  readonly flatFooted: boolean;
  readonly prone: boolean;
  readonly channeling: boolean;
  readonly feats: readonly EscalationFeat[];
  /** ESC-61: the (up to 3) weapon names Weapon focus applies to. */
  readonly focusWeapons: readonly string[];
  readonly wounds: readonly Wound[];
  readonly freeHitsUsed: number;
  readonly actions: EscalationActions;
  readonly disengaged: boolean;
  readonly weapon: EscalationWeapon;
  /** ESC-49: its held weapon was knocked away; it fights unarmed until it retrieves it (ruling). */
  readonly disarmed: boolean;
  /** ESC-52..55: who summoned this unit, whether it is thralled, and in which round it arrived. */
  readonly summoner: string | null;
  readonly thralled: boolean;
  readonly summonedRound: number | null;
}

export const FIST: EscalationWeapon = { name: "unarmed", dice: 1, sides: 4, modifier: 0, melee: true, physical: true };

/** A combatant with the rules' defaults filled in: a fresh turn (1 AA, 1 MA, 2 BA: ESC-05), no wounds. */
export function escalationCombatant(c: Partial<EscalationCombatant> & { readonly id: string }): EscalationCombatant {
  const maxHp = c.maxHp ?? c.hp ?? 10;
  return {
    name: c.id,
    accuracy: 0,
    agility: 0,
    strength: 0,
    hp: maxHp,
    maxHp,
    armor: 0,
    level: 1,
    movement: 6,
    condition: "active",
    flatFooted: false,
    prone: false,
    channeling: false,
    feats: [],
    focusWeapons: [],
    wounds: [],
    freeHitsUsed: 0,
    actions: { aa: 1, ma: 1, ba: 2 },
    disengaged: false,
    weapon: FIST,
    disarmed: false,
    summoner: null,
    thralled: false,
    summonedRound: null,
    ...c,
  };
}

export function hasFeat(c: EscalationCombatant, feat: EscalationFeat): boolean {
  return c.feats.includes(feat);
}

function woundsOn(c: EscalationCombatant, target: AimTarget): number {
  // Indexed loops: these run several times an attack (the simulator's hottest reads), and need no iterator.
  const wounds = c.wounds;
  let n = 0;
  for (let i = 0; i < wounds.length; i++) if ((wounds[i] as Wound).target === target) n++;
  return n;
}

/** ESC-22: each Slowing wound lowers Agility by 1 (ruling: until the wound is removed, wounds stack). */
export function effectiveAgility(c: EscalationCombatant): number {
  return c.agility - woundsOn(c, "slowing");
}

/** ESC-23: each Weakening wound lowers Strength by 1. */
export function effectiveStrength(c: EscalationCombatant): number {
  return c.strength - woundsOn(c, "weakening");
}

/**
 * ESC-24: a Disrupting wound costs 1 Accuracy for the battle and 3 in the round it was dealt.
 * Ruling: -3 in total that round (option disruptingRoundPenalty "total"), or -4 with "additional".
 */
export function effectiveAccuracy(
  c: EscalationCombatant,
  round: number,
  roundPenalty: "total" | "additional" = "total",
): number {
  let acc = c.accuracy;
  const wounds = c.wounds;
  for (let i = 0; i < wounds.length; i++) {
    const w = wounds[i] as Wound;
    if (w.target !== "disrupting") continue;
    acc -= w.round === round ? (roundPenalty === "total" ? 3 : 4) : 1;
  }
  return acc;
}

/** ESC-22 slows by 2 spaces per Slowing wound; ESC-62 Athlete adds 2 spaces. */
export function effectiveMovement(c: EscalationCombatant): number {
  return Math.max(0, c.movement + (hasFeat(c, "athlete") ? 2 : 0) - 2 * woundsOn(c, "slowing"));
}

export type MovementHindrance = "sneaking" | "swimming" | "climbing" | "tumbling" | "carryingMax";

/**
 * ESC-12 movement is halved while sneaking, swimming, climbing or carrying maximum capacity (ruling: rounded
 * down, several halvings do not stack); ESC-59 Maneuverer moves normally while sneaking, swimming or tumbling.
 */
export function movementWhile(c: EscalationCombatant, hindrances: readonly MovementHindrance[]): number {
  const full = effectiveMovement(c);
  const maneuverer = hasFeat(c, "maneuverer");
  const halved = hindrances.some(
    (h) => !(maneuverer && (h === "sneaking" || h === "swimming" || h === "tumbling")) && h !== "tumbling",
  );
  return halved ? Math.floor(full / 2) : full;
}

/** ESC-23: each Weakening wound removes 1 Bonus Action (ruling: from every turn while the wound lasts). */
export function bonusActionsPerTurn(c: EscalationCombatant): number {
  return Math.max(0, 2 - woundsOn(c, "weakening"));
}

/** ESC-42: Free Hit Slots = Agility modifier + 1, none if that is 0 or less. */
export function freeHitSlots(c: EscalationCombatant): number {
  return Math.max(0, effectiveAgility(c) + 1);
}

export function freeHitsLeft(c: EscalationCombatant): number {
  return Math.max(0, freeHitSlots(c) - c.freeHitsUsed);
}

/** A combatant its owner may change in place: the owner's own copy. */
export type WritableCombatant = { -readonly [K in keyof EscalationCombatant]: EscalationCombatant[K] };

/** ESC-42: a free hit takes one of the unit's Free Hit Slots (written into the caller's own copy). */
export function spendFreeHitSlot(c: WritableCombatant): void {
  c.freeHitsUsed = c.freeHitsUsed + 1;
}

/** ESC-60: Reach widens the melee zone to 2 spaces; otherwise it is the adjacent squares (ESC-37). */
export function meleeZoneRadius(c: EscalationCombatant): number {
  return hasFeat(c, "reach") ? 2 : 1;
}

/** ESC-55: summoning sickness lasts through the first round after the summoning (ruling: that whole next round). */
export function isSummoningSick(c: EscalationCombatant, round: number): boolean {
  return c.summonedRound !== null && round <= c.summonedRound + 1;
}

/** The condition hit points alone give a unit (ruling, with takeHit): defeated at 0, else active (ESC-63). */
export function conditionAtHp(hp: number): EscalationCondition {
  return hp === 0 ? "defeated" : "active";
}

export function canAct(c: EscalationCombatant): boolean {
  return c.condition === "active";
}
