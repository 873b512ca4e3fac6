import { rollBoonBane } from "../../dice/boon-bane.js";
import { applied, refuse, type Outcome, type Refusal } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import { compare, requireNonNegativeInteger, type AttackEvent } from "../pipeline.js";
import { isExhausted, isFrayed, stunnedStacks, type StrainCharacter } from "./character.js";

type Result = Outcome<StrainCharacter, AttackEvent>;

export interface IncapacityOptions {
  /** STR-62 ruling: the Wound check at the end of an Incapacitated turn comes before the drop. Default "beforeDrop". */
  readonly woundCheck: "beforeDrop" | "afterDrop";
}
export const DEFAULT_INCAPACITY_OPTIONS: IncapacityOptions = { woundCheck: "beforeDrop" };

/**
 * STR-55: an ability that deals Fatigue or Stress deals it once, +1 to the matching Load (the text never gives more
 * at once); one that deals neither adds no Load (its other effects are in its text).
 */
export function abilityLoad(deals: "fatigue" | "stress" | "none"): {
  readonly deals: "fatigue" | "stress";
  readonly instances: number;
} {
  return deals === "none" ? { deals: "fatigue", instances: 0 } : { deals, instances: 1 };
}

/** STR-55: each instance of Fatigue or Stress adds 1 to the matching Load; reports Frayed/Exhausted as they begin. */
export function addLoad(c: StrainCharacter, kind: "fatigue" | "stress", instances: number): Result {
  const bad = requireNonNegativeInteger(instances, "instances", "STR-55");
  if (bad) return bad;
  const before = { fatigueLoad: c.fatigueLoad, stressLoad: c.stressLoad };
  const next =
    kind === "fatigue"
      ? { ...c, fatigueLoad: c.fatigueLoad + instances }
      : { ...c, stressLoad: c.stressLoad + instances };
  const events: AttackEvent[] = [
    {
      type: "loadAdded",
      combatant: c.id,
      kind,
      amount: instances,
      before,
      after: { fatigueLoad: next.fatigueLoad, stressLoad: next.stressLoad },
    },
  ];
  if (!isFrayed(c) && isFrayed(next)) events.push({ type: "frayed", combatant: c.id, clause: "STR-56" });
  if (!isExhausted(c) && isExhausted(next)) events.push({ type: "exhausted", combatant: c.id, clause: "STR-58" });
  return applied(next, events);
}

/**
 * STR-57: 2d6 + Resolve must exceed Stress Load; on a failure Stunned, Stress moves to Fatigue, Stress Tolerance -1.
 */
export function panicRoll(c: StrainCharacter, roller: Roller): Result {
  const no = panicRollRefused(c);
  if (no) return no;
  const roll = rollBoonBane(roller, 0, 0, c.resolve);
  const passed = passesPanicRoll(c, roll.total);
  const events: AttackEvent[] = [
    {
      type: "panicRolled",
      combatant: c.id,
      roll,
      comparison: compare(roll.total, c.stressLoad + 1),
      outcome: passed ? "pass" : "fail",
    },
  ];
  if (passed) return applied(c, events);
  const next: WritableCharacter = { ...c, statuses: { ...c.statuses } };
  panicked(next);
  events.push({ type: "panicked", combatant: c.id, stressMoved: c.stressLoad, stressTolerance: next.stressTolerance });
  if (!isExhausted(c) && isExhausted(next)) events.push({ type: "exhausted", combatant: c.id, clause: "STR-58" });
  return applied(next, events);
}

/** STR-56: only a Frayed character makes a Panic Roll. */
export function panicRollRefused(c: StrainCharacter): Refusal | null {
  return isFrayed(c)
    ? null
    : refuse("NotFrayed", `${c.id} is not Frayed and makes no Panic Roll`, "STR-56", { name: c.id });
}

/** STR-61: a character already out of action makes no Incapacity Roll. */
export function incapacityRollRefused(c: StrainCharacter): Refusal | null {
  return c.incapacitated || c.removed
    ? refuse("AlreadyIncapacitated", `${c.id} is already out of action`, "STR-61", { name: c.id })
    : null;
}

/** STR-57: a Panic Roll with this total is passed (it exceeds the Stress Load). */
export function passesPanicRoll(c: StrainCharacter, total: number): boolean {
  return total > c.stressLoad;
}

/**
 * A character its holder owns and changes in place, its Status record included: a roll's copy, or the simulator's own
 * member. The rules below that change a character are written once, on one of these; the rolls that answer a new
 * character run them on a copy.
 */
export type WritableCharacter = { -readonly [K in Exclude<keyof StrainCharacter, "statuses">]: StrainCharacter[K] } & {
  readonly statuses: Record<string, number>;
};

/** STR-57: a failed Panic Roll, on `c` itself: Stunned, its Stress moved to Fatigue, Stress Tolerance -1. */
export function panicked(c: WritableCharacter): void {
  c.statuses["stunned"] = stunnedStacks(c) + 1;
  c.fatigueLoad = c.fatigueLoad + c.stressLoad;
  c.stressLoad = 0;
  // STR-57 ruling: Stress Tolerance does not fall below 0.
  c.stressTolerance = Math.max(0, c.stressTolerance - 1);
}

/** STR-60: an Incapacity Roll with this total is passed (it exceeds the Fatigue Load). */
export function passesIncapacityRoll(c: StrainCharacter, total: number): boolean {
  return total > c.fatigueLoad;
}

/** STR-60: 2d6 + Resilience must exceed Fatigue Load, or the character becomes Incapacitated. */
export function incapacityRoll(c: StrainCharacter, roller: Roller, reason: string): Result {
  const no = incapacityRollRefused(c);
  if (no) return no;
  const roll = rollBoonBane(roller, 0, 0, c.resilience);
  const passed = passesIncapacityRoll(c, roll.total);
  const events: AttackEvent[] = [
    {
      type: "incapacityRolled",
      combatant: c.id,
      reason,
      roll,
      comparison: compare(roll.total, c.fatigueLoad + 1),
      outcome: passed ? "pass" : "fail",
    },
  ];
  if (passed) return applied(c, events);
  // Only the top level is written: the Status record is shared.
  const down = { ...c } as WritableCharacter;
  becomeIncapacitated(down, events);
  return applied(down, events);
}

/**
 * STR-61/62: the Stance ends, and Fatigue Tolerance and Fatigue Load each fall by 1 (not below 0: ruling); on `c`
 * itself, its events pushed to `events` unless that is null (the simulator reads none).
 */
export function becomeIncapacitated(c: WritableCharacter, events: AttackEvent[] | null): void {
  const stance = c.stance;
  c.incapacitated = true;
  c.stance = null;
  c.fatigueTolerance = Math.max(0, c.fatigueTolerance - 1);
  c.fatigueLoad = Math.max(0, c.fatigueLoad - 1);
  events?.push({
    type: "incapacitated",
    combatant: c.id,
    stanceEnded: stance,
    fatigueTolerance: c.fatigueTolerance,
    fatigueLoad: c.fatigueLoad,
  });
  // STR-65: a Fatigue Load at 0 ends incapacitation at once.
  if (c.fatigueLoad === 0) revive(c, events, "fatigueLoadZero");
}

/** STR-65: incapacitation ends, on `c` itself. */
function revive(c: WritableCharacter, events: AttackEvent[] | null, reason: string): void {
  events?.push({ type: "incapacitationEnded", combatant: c.id, reason, clause: "STR-65" });
  c.incapacitated = false;
}

/** STR-62/63/64: the end of a turn spent Incapacitated: Wound check, the drop, removal at 3 Wounds. */
export function endTurnIncapacitated(c: StrainCharacter, o: IncapacityOptions = DEFAULT_INCAPACITY_OPTIONS): Result {
  if (!c.incapacitated) return applied(c);
  const events: AttackEvent[] = [];
  const next = { ...c } as WritableCharacter;
  incapacitatedTurnEnd(next, o, events);
  return applied(next, events);
}

/**
 * STR-62/63/64 for an Incapacitated `c`, on `c` itself: its events pushed to `events` unless that is null (the
 * simulator, which ends every Incapacitated turn of its own members this way, reads none).
 */
export function incapacitatedTurnEnd(c: WritableCharacter, o: IncapacityOptions, events: AttackEvent[] | null): void {
  let wounds = c.wounds;
  // STR-63: a Wound when the turn ends at Fatigue Tolerance 0 (before or after the drop, by the option).
  if (o.woundCheck === "beforeDrop" && c.fatigueTolerance === 0) {
    wounds++;
    events?.push({ type: "wounded", combatant: c.id, wounds, clause: "STR-63" });
  }
  const fatigueTolerance = Math.max(0, c.fatigueTolerance - 1);
  const fatigueLoad = Math.max(0, c.fatigueLoad - 1);
  events?.push({ type: "fatigueDropped", combatant: c.id, fatigueTolerance, fatigueLoad, clause: "STR-62" });
  if (o.woundCheck === "afterDrop" && fatigueTolerance === 0) {
    wounds++;
    events?.push({ type: "wounded", combatant: c.id, wounds, clause: "STR-63" });
  }
  c.wounds = wounds;
  c.fatigueTolerance = fatigueTolerance;
  c.fatigueLoad = fatigueLoad;
  if (isRemovedByWounds(wounds)) {
    events?.push({ type: "removedFromCombat", combatant: c.id, clause: "STR-64" });
    c.removed = true;
  } else if (fatigueLoad === 0) revive(c, events, "fatigueLoadZero");
}

/** STR-65: Resuscitate or another ability ends Incapacitated; refused for a character removed from combat. */
export function endIncapacitation(c: StrainCharacter, reason: "resuscitate" | "ability"): Result {
  if (c.removed)
    return refuse("CannotReviveRemoved", `${c.id} has been removed from combat and cannot be revived`, "STR-64", {
      name: c.id,
    });
  if (!c.incapacitated) return refuse("NotIncapacitated", `${c.id} is not Incapacitated`, "STR-65", { name: c.id });
  const next = { ...c } as WritableCharacter;
  const events: AttackEvent[] = [];
  revive(next, events, reason);
  return applied(next, events);
}

/** Lowering a Load during combat (recovery abilities); reaching 0 Fatigue ends incapacitation (STR-65). */
export function reduceLoad(c: StrainCharacter, kind: "fatigue" | "stress", amount: number): Result {
  const bad = requireNonNegativeInteger(amount, "amount", "STR-65");
  if (bad) return bad;
  if (c.removed) return refuse("CannotReviveRemoved", `${c.id} has been removed from combat`, "STR-64", { name: c.id });
  const s =
    kind === "fatigue"
      ? { ...c, fatigueLoad: Math.max(0, c.fatigueLoad - amount) }
      : { ...c, stressLoad: Math.max(0, c.stressLoad - amount) };
  const events: AttackEvent[] = [
    { type: "loadReduced", combatant: c.id, kind, fatigueLoad: s.fatigueLoad, stressLoad: s.stressLoad },
  ];
  // STR-65: s is a fresh copy, so it is revived as it is.
  if (s.incapacitated && s.fatigueLoad === 0) revive(s, events, "fatigueLoadZero");
  return applied(s, events);
}

export interface EndOfCombatOptions {
  /**
   * STR-05 vs STR-66 ruling: an Incapacitated character with Fatigue Tolerance 0 stays out of action. Default false.
   */
  readonly reviveAtZeroTolerance: boolean;
}
export const DEFAULT_END_OF_COMBAT: EndOfCombatOptions = { reviveAtZeroTolerance: false };

/**
 * STR-05/STR-66: Loads reset to 0, Incapacitated characters return unless their Fatigue Tolerance is 0;
 * Tolerances and Wounds carry forward as they are (STR-67); Buffs end with the combat (STR-51).
 */
export function endOfCombat(c: StrainCharacter, o: EndOfCombatOptions = DEFAULT_END_OF_COMBAT): Result {
  const stays = c.removed || (c.incapacitated && c.fatigueTolerance === 0 && !o.reviveAtZeroTolerance);
  const s: StrainCharacter = {
    ...c,
    fatigueLoad: 0,
    stressLoad: 0,
    buff: null,
    incapacitated: stays && !c.removed ? true : c.removed ? c.incapacitated : false,
  };
  return applied(s, [
    {
      type: "combatReset",
      combatant: c.id,
      fatigueTolerance: s.fatigueTolerance,
      stressTolerance: s.stressTolerance,
      wounds: s.wounds,
      incapacitated: s.incapacitated,
    },
  ]);
}

/** STR-64: the third wound removes a character from the combat. */
export const WOUNDS_TO_REMOVE = 3;

export function isRemovedByWounds(wounds: number): boolean {
  return wounds >= WOUNDS_TO_REMOVE;
}
