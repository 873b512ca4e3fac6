import type { DiceRoll } from "../dice/dice-roll.js";
import type { Engine } from "../shared/engine.js";
import { refuse, type Refusal } from "../shared/outcome.js";
import { shown } from "../shared/shown.js";

/**
 * The shared vocabulary of every rule set's attack pipeline. Each attack is a chat card whose
 * buttons move it through these steps; each rule set's pipeline is an Engine over its own
 * AttackState, but they all walk the same road so the card and the Foundry layer stay generic:
 *
 *   declare -> rollToHit -> reactionWindow -> damage -> apply -> done
 *
 * A rule set may skip a step (no reaction left, a miss skips damage) but never goes back.
 */
export const ATTACK_STEPS = ["declare", "rollToHit", "reactionWindow", "damage", "apply", "done"] as const;
export type AttackStep = (typeof ATTACK_STEPS)[number];

/** The button a chat card shows for each step that waits on a person. */
export type AttackButton = "roll" | "react" | "rollDamage" | "apply";

export const STEP_BUTTON: Readonly<Record<AttackStep, AttackButton | null>> = {
  declare: null,
  rollToHit: "roll",
  reactionWindow: "react",
  damage: "rollDamage",
  apply: "apply",
  done: null,
};

/** The one command of a step that offers no choice (roll, roll damage, apply); none for the others. */
export function stepCommands(step: AttackStep): { readonly type: "roll" | "rollDamage" | "apply" }[] {
  const b = STEP_BUTTON[step];
  return b === "roll" || b === "rollDamage" || b === "apply" ? [{ type: b }] : [];
}

/** Position of a step on the road; lets a pipeline check it only moves forward. */
export function stepIndex(step: AttackStep): number {
  return ATTACK_STEPS.indexOf(step);
}

export function isAttackStep(value: unknown): value is AttackStep {
  return typeof value === "string" && (ATTACK_STEPS as readonly string[]).includes(value);
}

/** The step after `step` when nothing is skipped; `done` stays `done`. */
export function nextStep(step: AttackStep): AttackStep {
  return ATTACK_STEPS[Math.min(stepIndex(step) + 1, ATTACK_STEPS.length - 1)] ?? "done";
}

/** The fields every AttackState carries; rule sets add their own. */
export interface AttackStateBase {
  readonly step: AttackStep;
  readonly attacker: string;
  readonly target: string;
}

/**
 * Two numbers the card shows side by side: what was rolled and what it had to reach, or, rolling under (`under`),
 * what it must not exceed. Either way `margin` >= 0 succeeds.
 */
export interface Comparison {
  /** What was rolled. */
  readonly total: number;
  /** The number to reach (roll-over) or not to exceed (roll-under). */
  readonly against: number;
  /** total - against rolling over, against - total rolling under: >= 0 succeeds. */
  readonly margin: number;
  /** A roll-under comparison (a factions save): success is rolling `against` or less. */
  readonly under?: true;
}

export function compare(total: number, against: number): Comparison {
  return { total, against, margin: total - against };
}

/** A roll-under comparison: `total` rolled, `against` the most it may show; the margin is against - total. */
export function compareUnder(total: number, against: number): Comparison {
  return { total, against, margin: against - total, under: true };
}

/**
 * Events every pipeline emits, one per step, each carrying what the card shows at that step.
 * Rule sets add their own (woundInflicted, misfire, itemBroken, ...) with other `type`s.
 */
export type AttackEvent =
  | {
      readonly type: "attackDeclared";
      readonly attacker: string;
      readonly target: string;
      readonly detail?: Readonly<Record<string, unknown>>;
    }
  | {
      readonly type: "toHitRolled";
      readonly roll: DiceRoll;
      readonly comparison: Comparison;
      /** "hit", "miss", "critical", "autoFail", ... in the rule set's words. */
      readonly outcome: string;
    }
  | {
      readonly type: "reactionTaken";
      readonly reactor: string;
      readonly reaction: string;
      readonly roll?: DiceRoll;
      readonly comparison?: Comparison;
      readonly outcome: string;
    }
  | { readonly type: "reactionWindowClosed"; readonly reason: string }
  | {
      readonly type: "damageRolled";
      readonly roll: DiceRoll;
      readonly amount: number;
      readonly parts?: Readonly<Record<string, number>>;
    }
  | {
      readonly type: "damageApplied";
      readonly combatant: string;
      readonly amount: number;
      readonly before: Readonly<Record<string, number>>;
      readonly after: Readonly<Record<string, number>>;
    }
  | { readonly type: "stepChanged"; readonly from: AttackStep; readonly to: AttackStep }
  | { readonly type: "attackEnded"; readonly outcome: string }
  | { readonly type: string; readonly [k: string]: unknown };

/** The commands a card's buttons send; rule sets widen them with their own choices. */
export type AttackCommandBase =
  | { readonly type: "roll" }
  | { readonly type: "react"; readonly reaction: string }
  | { readonly type: "skipReaction" }
  | { readonly type: "rollDamage" }
  | { readonly type: "apply" };

/** An attack pipeline: an Engine plus the commands the card may offer now. */
export interface AttackPipeline<Setup, State extends AttackStateBase, Command, Event = AttackEvent> extends Engine<
  Setup,
  State,
  Command,
  Event
> {
  legal(state: State): Command[];
}

/** Refuse a command sent at the wrong step, e.g. "roll damage" before the hit roll. */
export function requireStep(state: AttackStateBase, ...allowed: AttackStep[]): Refusal | null {
  if (allowed.includes(state.step)) return null;
  if (state.step === "done")
    return refuse("AttackOver", "this attack has already been resolved", undefined, { step: state.step });
  return refuse("WrongAttackStep", `this attack is at step ${state.step}, not ${allowed.join(" or ")}`, undefined, {
    step: state.step,
    expected: allowed.join(", "),
  });
}

/** Refuse a number that must be a whole number of zero or more: damage, healing, costs, modifiers' bases. */
export function requireNonNegativeInteger(value: unknown, name: string, clause?: string): Refusal | null {
  if (typeof value === "number" && Number.isInteger(value) && value >= 0) return null;
  return refuse("NegativeValue", `${name} must be a whole number of zero or more, got ${shown(value)}`, clause, {
    name,
    value: shown(value),
  });
}

/** Refuse a number that must be a whole number (negative allowed): modifiers, penalties. */
export function requireInteger(value: unknown, name: string, clause?: string): Refusal | null {
  if (typeof value === "number" && Number.isInteger(value)) return null;
  return refuse("NotAWholeNumber", `${name} must be a whole number, got ${shown(value)}`, clause, {
    name,
    value: shown(value),
  });
}

/** Move a state to a step, emitting the stepChanged event the card listens for. */
export function advance<S extends AttackStateBase>(state: S, to: AttackStep, events: AttackEvent[]): S {
  if (state.step !== to) events.push({ type: "stepChanged", from: state.step, to });
  return { ...state, step: to };
}
