import { isRecord, valueAt } from "../../core/shared/guards.js";
import type { TurnCommand } from "../combat/fight/turn-command.js";
import { combatModeOf } from "../rulesets/index.js";
import { isOn } from "./status-effects.js";

/**
 * The conditions a turn order keeps in its own state once the fight has begun, each with the actor field it is read
 * from at the start (the manifests' buildSetup, through combat-roster.ts) and the step that changes it (the turn
 * orders' commands). During a fight the field and the state are kept in step: a field written on the sheet or the
 * token becomes that step, and a step recorded in the tracker (or its undo) is written back to the field. What a turn
 * order holds is the core's word (each engine's `held`); this file keeps only the field paths and the steps. Pure.
 */
interface HeldCondition {
  /** The field in the actor's system data. */
  readonly path: string;
  /** What the turn order calls it (a key of its engine's `held` answer): a flag, or a number, as the field reads. */
  readonly held: string;
  /** The step that makes the fight hold the field's `value`. */
  readonly step: (combatant: string, value: unknown) => TurnCommand;
}

/** Unable to act (teams' Unconscious, factions' and strain's Incapacitated), set by setAble. */
const unable = (path: string): HeldCondition => ({
  path,
  held: "unable",
  step: (combatant, value) => ({ type: "setAble", combatant, able: !isOn(value) }),
});

/** STR-55: a Load or Tolerance of Fatigue or Stress, set by setLoads. */
const load = (path: string, key: string): HeldCondition => ({
  path,
  held: key,
  step: (combatant, value) => ({ type: "setLoads", combatant, [key]: value }),
});

/** By turn order id. Sections' conditions (Debilitated, Hindered, ...) are read by its cards, not held by its order. */
const HELD: Readonly<Record<string, readonly HeldCondition[]>> = {
  teams: [unable("conditions.unconscious")],
  // ESC-46: prone, which the combatant's own setProne changes.
  ranked: [
    {
      path: "conditions.prone",
      held: "prone",
      step: (combatant, value) => ({ type: "setProne", combatant, prone: isOn(value) }),
    },
  ],
  factions: [
    unable("conditions.incapacitated"),
    // FAC-57: the character's surrender spends its turn; FAC-58: it ends at the GM's word (resume) or by harm.
    {
      path: "conditions.surrendering",
      held: "surrendered",
      step: (combatant, value) => (isOn(value) ? { type: "surrender", combatant } : { type: "resume", combatant }),
    },
  ],
  rolled: [
    unable("statuses.incapacitated"),
    // STR-57: Stunned stacks; the bearer's turn end takes one off, which is written back.
    {
      path: "statuses.stunned",
      held: "stunned",
      step: (combatant, value) => ({ type: "setStunned", combatant, stunned: value }),
    },
    load("fatigue.load", "fatigueLoad"),
    load("fatigue.tolerance", "fatigueTolerance"),
    load("stress.load", "stressLoad"),
    load("stress.tolerance", "stressTolerance"),
  ],
};

/** What the fight holds for a combatant as the field reads (a flag, or a number); undefined: not in the fight. */
function heldBy(modeId: string, c: HeldCondition, state: unknown, combatant: string): boolean | number | undefined {
  const engine = isRecord(state) ? combatModeOf(modeId)?.engine : undefined;
  const held = engine?.held(state, combatant);
  return held !== undefined && Object.hasOwn(held, c.held) ? held[c.held] : undefined;
}

export function heldConditions(modeId: string): readonly HeldCondition[] {
  return Object.hasOwn(HELD, modeId) ? (HELD[modeId] as readonly HeldCondition[]) : [];
}

/** The field's value and the fight's hold the same. */
function agree(held: boolean | number, value: unknown): boolean {
  return typeof held === "boolean" ? held === isOn(value) : held === value;
}

/** A step that brings the fight in step with the fields at `paths`. */
interface ConditionStep {
  readonly paths: readonly string[];
  readonly command: TurnCommand;
}

/**
 * The steps that bring the fight in step with a combatant's fields: one for each held condition at `paths` (those an
 * update wrote) whose field the fight does not hold; Loads and Tolerances written together go as one setLoads. A
 * value out of bounds is the field review's to refuse, and the core's: it is sent as it is.
 */
export function stepsToFight(
  modeId: string,
  state: unknown,
  combatant: string,
  system: unknown,
  paths: readonly string[],
): ConditionStep[] {
  const out: ConditionStep[] = [];
  for (const c of heldConditions(modeId)) {
    if (!paths.includes(c.path)) continue;
    const held = heldBy(modeId, c, state, combatant);
    const value = valueAt(system, c.path);
    if (held === undefined || value === undefined || agree(held, value)) continue;
    const command = c.step(combatant, value);
    const same = out.findIndex((s) => s.command.type === command.type && command.type === "setLoads");
    if (same < 0) out.push({ paths: [c.path], command });
    else out[same] = { paths: [...out[same]!.paths, c.path], command: { ...out[same]!.command, ...command } };
  }
  return out;
}

/**
 * What a recorded step (or its undo) changed in what the fight holds for a combatant, as the fields to write: each
 * held condition whose hold differs before and after, where the field does not already agree. A flag is written as
 * the field's kind wants it: a boolean, or a count raised to 1 (a higher one kept) or cleared.
 */
export function writesFromFight(
  modeId: string,
  before: unknown,
  after: unknown,
  combatant: string,
  system: unknown,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of heldConditions(modeId)) {
    const now = heldBy(modeId, c, after, combatant);
    const was = heldBy(modeId, c, before, combatant);
    const value = valueAt(system, c.path);
    if (now === undefined || now === was || value === undefined || agree(now, value)) continue;
    out[`system.${c.path}`] =
      typeof now === "number" || typeof value === "boolean" ? now : now ? Math.max(1, Number(value) || 0) : 0;
  }
  return out;
}

/** The held fields an update's changes touch (nested, or Foundry's flattened "system.a.b" keys). */
export function heldPathsTouched(modeId: string, changed: unknown): string[] {
  if (!isRecord(changed)) return [];
  return heldConditions(modeId)
    .map((c) => c.path)
    .filter((p) => valueAt(changed, `system.${p}`) !== undefined || Object.hasOwn(changed, `system.${p}`));
}

/** Every held field of any turn order, for the values an update is about to change. */
export function heldPathsOf(changed: unknown): string[] {
  return [...new Set(Object.keys(HELD).flatMap((m) => heldPathsTouched(m, changed)))];
}
