import type { Outcome } from "../../shared/outcome.js";
import type { AttackEvent, AttackStateBase } from "../pipeline.js";
import type { SectionsCombatant } from "./combatant.js";
import type { AttackDelivery } from "./delivery.js";
import type { Sight } from "./effective-dice.js";
import { defaultSectionsOptions } from "../../space/sections/options.js";

export interface SectionsAttackOptions {
  /** SEC-22 ruling carried over: a Hit roll that ties the Miss roll hits. Default true. */
  readonly tiesHit: boolean;
  /** SEC-47 ruling: Thrown counts as ranged for Intercept and SEC-48. Default true, as the map's option. */
  readonly thrownCountsAsRanged: boolean;
}

export const DEFAULT_SECTIONS_ATTACK_OPTIONS: SectionsAttackOptions = {
  tiesHit: true,
  thrownCountsAsRanged: defaultSectionsOptions.thrownCountsAsRanged,
};

/** The declare command: both entities as data, what each can see, and the attack's shape. */
export interface SectionsAttackSetup {
  readonly attacker: SectionsCombatant;
  readonly target: SectionsCombatant;
  readonly sight: Sight;
  /** How the Action travels (its range entry and Area Attack): the pipeline decides from it whether it is ranged. */
  readonly delivery: AttackDelivery;
  /** The attack crosses a border Blocked from a distance (SEC-48). */
  readonly crossesDistanceBlock: boolean;
  /** Entities Blocking a crossed border from their own section, who may Intercept (SEC-47). */
  readonly interceptors: readonly SectionsCombatant[];
  /**
   * The target is underwater (the space helper decides when), and whether an effect lets this ranged attack reach it
   * (SEC-72).
   */
  readonly targetUnderwater: boolean;
  readonly reachesUnderwater: boolean;
  readonly options?: Partial<SectionsAttackOptions>;
}

export interface SectionsAttackState extends AttackStateBase {
  readonly options: SectionsAttackOptions;
  readonly sight: Sight;
  readonly delivery: AttackDelivery;
  /**
   * A non-Area ranged attack, as decided at the declaration: can be Intercepted (SEC-47) or stopped by a distance Block
   * (SEC-48).
   */
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
