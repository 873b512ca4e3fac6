import type { Outcome } from "../../shared/outcome.js";
import type { AttackEvent, AttackStateBase } from "../pipeline.js";
import type { SectionsCombatant } from "./combatant.js";
import type { Sight } from "./effective-dice.js";

export interface SectionsAttackOptions {
  /** SEC-22 ruling carried over: a Hit roll that ties the Miss roll hits. Default true. */
  readonly tiesHit: boolean;
}

export const DEFAULT_SECTIONS_ATTACK_OPTIONS: SectionsAttackOptions = { tiesHit: true };

/** The declare command: both entities as data, what each can see, and the attack's shape. */
export interface SectionsAttackSetup {
  readonly attacker: SectionsCombatant;
  readonly target: SectionsCombatant;
  readonly sight: Sight;
  /** A non-Area ranged attack: can be Intercepted (SEC-47) or stopped by a distance Block (SEC-48). */
  readonly ranged: boolean;
  /** The attack crosses a border Blocked from a distance (SEC-48). */
  readonly crossesDistanceBlock: boolean;
  /** Entities Blocking a crossed border from their own section, who may Intercept (SEC-47). */
  readonly interceptors: readonly SectionsCombatant[];
  /** The target is underwater (the space helper decides when), and whether an effect lets this ranged attack reach it (SEC-72). */
  readonly targetUnderwater: boolean;
  readonly reachesUnderwater: boolean;
  readonly options?: Partial<SectionsAttackOptions>;
}

export interface SectionsAttackState extends AttackStateBase {
  readonly options: SectionsAttackOptions;
  readonly sight: Sight;
  readonly ranged: boolean;
  readonly crossesDistanceBlock: boolean;
  readonly attackerData: SectionsCombatant;
  /** The current target; an Interceptor replaces it. */
  readonly targetData: SectionsCombatant;
  readonly interceptors: readonly SectionsCombatant[];
  /** The Hit total, once rolled. */
  readonly hitTotal: number | null;
  readonly result: "pending" | "hit" | "miss";
  readonly damage: number | null;
}

export type SectionsAttackCommand =
  | { readonly type: "roll" }
  | { readonly type: "react"; readonly reaction: "intercept"; readonly by: string }
  | { readonly type: "skipReaction" }
  | { readonly type: "rollDamage" }
  /** `damage` overrides the rolled amount (a GM adjustment); never negative. */
  | { readonly type: "apply"; readonly damage?: number };

export type SectionsAttackOutcome = Outcome<SectionsAttackState, AttackEvent>;
