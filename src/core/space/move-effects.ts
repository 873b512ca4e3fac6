import type { DiceRoll } from "../dice/dice-roll.js";
import { isRecord } from "../shared/guards.js";
import type { Roller } from "../shared/roller.js";
import { contestDescent, descentFailure, type DescentRolls, type DescentSkill } from "./grid/descent-roll.js";
import type { GridMoveEvent } from "./grid/grid-movement.js";
import type { GridOptions } from "./grid/grid-options.js";
import { fallDamage } from "./sections/falling.js";
import type { SectionEvent } from "./sections/types.js";
import type { ZoneMoveEvent } from "./zones/zone-movement.js";

/** A descent contest already rolled when the move was checked (STR-26: before the move lands). */
export interface DescentContest {
  readonly result: "success" | "failure";
  readonly total: number;
  readonly opposition: number;
  /** The two 2d6 rolls (absent on a card stored before they were kept). */
  readonly rolls?: DescentRolls;
}

/**
 * What a legal move causes, in every model: a fall (SEC-13) or a descent roll (STR-26, STR-29) to roll (or already
 * rolled: `roll`), or a free hit (ESC-39) or an opportunity attack (FAC-23) an enemy may take. `mover` and `by` are the
 * ids the move's query used for the pieces (token ids on the canvas). `stopped` names the clause that cut the move
 * short there (STR-28 a dazing landing, STR-19 the Speed a failed landing left running out, FAC-23 the interruption).
 */
export type MoveEffect =
  | {
      readonly kind: "fall";
      readonly clause: "SEC-13" | "SEC-20" | "SEC-21";
      readonly mover: string;
      readonly height: number;
    }
  | {
      readonly kind: "descent";
      readonly clause: "STR-26" | "STR-29";
      readonly mover: string;
      readonly levels: number;
      readonly skill: DescentSkill;
      readonly modifier: number;
      /** STR-28: the Speed before the roll, the movement spent on landing, and what +1 Slowed takes off the Speed. */
      readonly speed: number;
      readonly spent: number;
      readonly speedLoss: number;
      readonly roll?: DescentContest;
      readonly stopped?: "STR-28" | "STR-19";
    }
  | {
      readonly kind: "climb";
      readonly clause: "SEC-15";
      readonly mover: string;
      readonly border: string;
      readonly height: number;
      /** The Height climbed once the Move's checks were made: `height` when the top was reached. */
      readonly climbed: number;
      /** SEC-22: each Acrobatics check of the Move, in order (rolled when the move was checked, as the GM's dice). */
      readonly checks: readonly ClimbCheck[];
    }
  | {
      readonly kind: "free-hit";
      readonly clause: "ESC-39";
      readonly mover: string;
      readonly by: string;
      readonly why: "left-melee-zone" | "moved-within";
    }
  | {
      readonly kind: "opportunity-attack";
      readonly clause: "FAC-23";
      readonly mover: string;
      readonly by: string;
      readonly stopped?: "FAC-23";
    };

/** One Acrobatics check of a climb (SEC-15, SEC-22): the entity's result, the DM's, and the two rolls when kept. */
export interface ClimbCheck {
  readonly result: number;
  readonly dm: number;
  readonly success: boolean;
  readonly rolls?: { readonly entity: DiceRoll; readonly dm: DiceRoll };
}

/** An effect someone rolls (fall, descent) rather than an attack someone is offered. */
export type RolledEffect = Extract<MoveEffect, { kind: "fall" | "descent" }>;
export type OfferedEffect = Extract<MoveEffect, { kind: "free-hit" | "opportunity-attack" }>;

export const isRolledEffect = (e: MoveEffect): e is RolledEffect => e.kind === "fall" || e.kind === "descent";
export const isOfferedEffect = (e: MoveEffect): e is OfferedEffect =>
  e.kind === "free-hit" || e.kind === "opportunity-attack";

/**
 * SEC-13 the falls of a move between sections, and SEC-15 the climb a Move made, with its checks (already rolled), in
 * the order they came: a fall on the way to the foot before the climb, a fall off it after. Blocks and swimming are
 * the move's own business.
 */
export function sectionMoveEffects(events: readonly SectionEvent[]): MoveEffect[] {
  const out: MoveEffect[] = [];
  let climb: { mover: string; border: string; height: number; climbed: number; checks: ClimbCheck[] } | null = null;
  let at = -1;
  for (const e of events) {
    if (e.type === "fall") out.push({ kind: "fall", clause: e.clause, mover: e.entity, height: e.height });
    else if (e.type === "climbStarted")
      climb = { mover: e.entity, border: e.border, height: e.height, climbed: 0, checks: [] };
    else if (e.type === "climbGoesOn")
      climb = { mover: e.entity, border: e.border, height: e.height, climbed: e.climbed, checks: [] };
    else if (e.type === "climbProgress" && climb) climb.climbed = e.climbed;
    else if (e.type === "climbFinished" && climb) climb.climbed = climb.height;
    else if (e.type === "acrobatics" && climb) {
      if (at < 0) at = out.length;
      climb.checks.push({ result: e.result, dm: e.dm, success: e.success, ...(e.rolls ? { rolls: e.rolls } : {}) });
    }
  }
  if (climb && at >= 0) out.splice(at, 0, { kind: "climb", clause: "SEC-15", ...climb });
  return out;
}

/**
 * STR-26/STR-29 and ESC-39 on the grid: the descent rolls of the move, left pending or already rolled (with the
 * clause that stopped the move after a failed one: STR-28 on the landing square, STR-19 where the Speed left ran out),
 * and the free hits it provokes.
 */
export function gridMoveEffects(events: readonly GridMoveEvent[], options: GridOptions): MoveEffect[] {
  const speedLoss = options.ruleset === "strain" ? options.slowedSpeedLoss : 0;
  const stop = events.find((e) => e.type === "stopped");
  // The stop belongs to the last failed landing at or before it (a move is stopped at most once).
  const owner = stop
    ? events.filter((e) => e.type === "descent-roll" && e.result === "failure" && e.at <= stop.at).at(-1)
    : undefined;
  return events.flatMap((e): MoveEffect[] => {
    if (e.type === "free-hit") return [{ kind: "free-hit", clause: e.clause, mover: e.against, by: e.by, why: e.why }];
    if (e.type !== "descent-roll") return [];
    const { clause, id, levels, skill, modifier, speed, spent } = e;
    const effect = { kind: "descent" as const, clause, mover: id, levels, skill, modifier, speed, spent, speedLoss };
    if (e.result === "pending" || e.total === undefined || e.opposition === undefined) return [effect];
    const roll = { result: e.result, total: e.total, opposition: e.opposition, ...(e.rolls ? { rolls: e.rolls } : {}) };
    return [{ ...effect, roll, ...(stop && e === owner ? { stopped: stop.clause } : {}) }];
  });
}

/**
 * FAC-23: the nearby enemies a move away from them offers a reaction; `stopped` when the move was interrupted there.
 */
export function zoneMoveEffects(events: readonly ZoneMoveEvent[], interrupted = false): MoveEffect[] {
  return events.map((e) => ({
    kind: "opportunity-attack",
    clause: e.clause,
    mover: e.against,
    by: e.by,
    ...(interrupted ? { stopped: "FAC-23" as const } : {}),
  }));
}

/** What the dice decided for a rolled effect: the fall's damage, or the descent's result and the Statuses it gives. */
export type EffectOutcome =
  | { readonly kind: "fall"; readonly damage: number; readonly dice: readonly number[]; readonly roll?: DiceRoll }
  | {
      readonly kind: "descent";
      readonly result: "success" | "failure";
      readonly total: number;
      readonly opposition: number;
      readonly slowed: number;
      readonly dazed: number;
      /** The contest's rolls when rolled now (one rolled at the check keeps them on the effect). */
      readonly rolls?: DescentRolls;
    };

/**
 * Roll a fall or a descent through the injected Roller (in Foundry, the dice tray's Rolls): SEC-13 1d4 per point of
 * Height; STR-26 the contest, STR-27 +1 Slowed on a failure, STR-28 +1 Dazed when the spent movement reaches the new
 * Speed (a voluntary descent only).
 */
export function resolveMoveEffect(effect: RolledEffect, roller: Roller): EffectOutcome {
  if (effect.kind === "fall") {
    const roll = fallDamage(effect.height, roller).roll;
    return {
      kind: "fall",
      damage: roll?.total ?? 0,
      dice: roll?.dice.map((d) => d.value) ?? [],
      ...(roll ? { roll } : {}),
    };
  }
  // STR-26: a contest rolled when the move was checked is the one that counts; it is not rolled again.
  const rolledNow = effect.roll ? null : contestDescent(effect.modifier, effect.levels, roller);
  const { result, total, opposition } = rolledNow ?? effect.roll!;
  const rolls = rolledNow ? { rolls: rolledNow.rolls } : {};
  if (result === "success") return { kind: "descent", result, total, opposition, slowed: 0, dazed: 0, ...rolls };
  const failed = descentFailure(effect.speed, effect.spent, effect.speedLoss, effect.clause === "STR-26");
  return { kind: "descent", result, total, opposition, slowed: failed.slowed, dazed: failed.dazed, ...rolls };
}

const nat = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0;
const str = (v: unknown): v is string => typeof v === "string" && v !== "";

/** A stored effect read back without trusting it (a chat card's data): the effect, or null when it is not one. */
export function readMoveEffect(v: unknown): MoveEffect | null {
  if (!isRecord(v) || !str(v.mover) || typeof v.clause !== "string") return null;
  const { kind, clause, mover } = v;
  if (kind === "fall" && ["SEC-13", "SEC-20", "SEC-21"].includes(clause) && nat(v.height))
    return { kind, clause: clause as "SEC-13", mover, height: v.height };
  if (kind === "descent" && (clause === "STR-26" || clause === "STR-29")) {
    const { levels, modifier, speed, spent, speedLoss, skill } = v;
    if (!nat(levels) || !Number.isInteger(modifier) || !nat(speed) || !nat(spent) || !nat(speedLoss)) return null;
    if (skill !== "endurance" && skill !== "reflex") return null;
    const roll = readContest(v.roll);
    if (roll === null) return null;
    const stopped = v.stopped === "STR-28" || v.stopped === "STR-19" ? v.stopped : undefined;
    if (v.stopped !== undefined && v.stopped !== null && !stopped) return null;
    return {
      kind,
      clause,
      mover,
      levels,
      skill,
      modifier: modifier as number,
      speed,
      spent,
      speedLoss,
      ...(roll ? { roll } : {}),
      ...(stopped ? { stopped } : {}),
    };
  }
  if (
    kind === "climb" &&
    clause === "SEC-15" &&
    str(v.border) &&
    nat(v.height) &&
    nat(v.climbed) &&
    v.climbed <= v.height
  ) {
    const checks = readChecks(v.checks);
    return checks ? { kind, clause, mover, border: v.border, height: v.height, climbed: v.climbed, checks } : null;
  }
  if (
    kind === "free-hit" &&
    clause === "ESC-39" &&
    str(v.by) &&
    (v.why === "left-melee-zone" || v.why === "moved-within")
  )
    return { kind, clause, mover, by: v.by, why: v.why };
  if (kind === "opportunity-attack" && clause === "FAC-23" && str(v.by))
    return { kind, clause, mover, by: v.by, ...(v.stopped === "FAC-23" ? { stopped: v.stopped } : {}) };
  return null;
}

/**
 * A climb's stored checks, or null when one is malformed (at most a hundred: a Move's number is small); none on a
 * sealed card's public shell.
 */
function readChecks(v: unknown): ClimbCheck[] | null {
  if (!Array.isArray(v) || v.length > 100) return null;
  const out: ClimbCheck[] = [];
  for (const c of v as unknown[]) {
    if (!isRecord(c) || !Number.isInteger(c.result) || !Number.isInteger(c.dm) || typeof c.success !== "boolean")
      return null;
    // The rolls are only shown: the chat reads each as a DiceRoll or not at all (step-rolls.ts).
    const rolls = isRecord(c.rolls) && isRecord(c.rolls.entity) && isRecord(c.rolls.dm);
    const check: ClimbCheck = { result: c.result as number, dm: c.dm as number, success: c.success };
    out.push(rolls ? { ...check, rolls: c.rolls as ClimbCheck["rolls"] & object } : check);
  }
  return out;
}

/** A stored contest: the contest, undefined when there is none, null when it is malformed. */
function readContest(v: unknown): DescentContest | undefined | null {
  if (v === undefined || v === null) return undefined;
  if (!isRecord(v) || (v.result !== "success" && v.result !== "failure")) return null;
  if (!Number.isInteger(v.total) || !Number.isInteger(v.opposition)) return null;
  // The rolls are only shown: the chat reads each as a DiceRoll or not at all (step-rolls.ts).
  const rolls = isRecord(v.rolls) && isRecord(v.rolls.character) && isRecord(v.rolls.environment);
  const contest: DescentContest = { result: v.result, total: v.total as number, opposition: v.opposition as number };
  return rolls ? { ...contest, rolls: v.rolls as DescentRolls } : contest;
}
