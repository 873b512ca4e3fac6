import type { DiceRoll } from "../../dice/dice-roll.js";
import type { StrainTurn } from "../../economy/strain.js";
import type { TieBreak } from "../shared/initiative-order.js";
import type { EndWhen } from "../shared/sides.js";
import type { CombatantId, SideId } from "../types.js";

export interface Square {
  readonly x: number;
  readonly y: number;
}

export interface RolledCombatantSetup {
  readonly id: CombatantId;
  readonly name?: string;
  /** "pc" or "npc" (or any side id). */
  readonly side: SideId;
  /** Added to 2d6 (STR-02). */
  readonly initiative: number;
  /** Squares of movement per Move (STR-10); unlimited when not given. */
  readonly speed?: number;
  readonly stressLoad?: number;
  readonly stressTolerance?: number;
  readonly fatigueLoad?: number;
  readonly fatigueTolerance?: number;
  readonly stance?: string;
  /** STR-57: Stunned stacks at the start (the sheet's). */
  readonly stunned?: number;
  /** STR-61: false when it starts the fight Incapacitated (the sheet's); able when not given. */
  readonly able?: boolean;
}

/** STR-09 ruling: who takes Round Zero. */
export const ROUND_ZERO = ["everyone", "pcsOnly"] as const;
/** STR-07 ruling: how often a character may delay. */
export const DELAY_LIMITS = ["perCharacter", "perRound"] as const;

export interface RolledOptions {
  /** STR-02 ruling: equal totals go to the higher Initiative modifier, then setup order. */
  readonly ties: TieBreak;
  /** STR-09 ruling: every character takes a Round Zero turn ("everyone") or only PCs ("pcsOnly"). */
  readonly roundZero: (typeof ROUND_ZERO)[number];
  /** STR-07 ruling: once per round per character, or one delay in the whole round. */
  readonly delayLimit: (typeof DELAY_LIMITS)[number];
  /** STR-04 ruling for three or more sides. */
  readonly endWhen: EndWhen;
  /** STR-05 vs STR-66 ruling: an incapacitated PC at Fatigue Tolerance 0 does not recover unless this is true. */
  readonly recoverAtZeroTolerance: boolean;
}

/** The loads and tolerances a setup may give and setLoads may change (STR-55). */
export const LOAD_KEYS = ["stressLoad", "stressTolerance", "fatigueLoad", "fatigueTolerance"] as const;

export interface RolledSetup {
  readonly combatants: readonly RolledCombatantSetup[];
  /** Per side, the Starting Area its characters must pick a Round Zero square in (STR-09); unrestricted when absent. */
  readonly startingAreas?: Readonly<Record<SideId, readonly Square[]>>;
  readonly options?: Partial<RolledOptions>;
}

export interface RolledCombatant {
  readonly id: CombatantId;
  /** Place in the setup's list: sides and victors are named in that order, whatever the initiative. */
  readonly listed: number;
  readonly name: string;
  readonly side: SideId;
  readonly initiativeModifier: number;
  readonly initiative: DiceRoll;
  readonly speed: number | null;
  /** False while incapacitated (STR-61): its turns still come round, but it cannot move, act or take Stances. */
  readonly able: boolean;
  readonly out: boolean;
  /** Has delayed this round (STR-07). */
  readonly delayed: boolean;
  readonly stressLoad: number;
  readonly stressTolerance: number;
  readonly fatigueLoad: number;
  readonly fatigueTolerance: number;
  /** STR-57 ruling: Stunned stacks. While above 0 the Action is lost; one goes at the end of each of its turns. */
  readonly stunned: number;
  readonly square: Square | null;
  readonly stance: string | null;
}

export interface RolledState {
  readonly engine: "rolled";
  readonly options: RolledOptions;
  readonly startingAreas: Readonly<Record<SideId, readonly Square[]>>;
  /** 0 is Round Zero (STR-09). */
  readonly round: number;
  readonly acting: CombatantId | null;
  readonly turn: StrainTurn | null;
  /**
   * How far down the initiative order the round has got (STR-03): everyone before this place has had a turn this
   * round; the turn being taken, or the next, is at it or after it. Turns go down the list in order, a delay only
   * moving someone still to act further down, so one number says who has acted.
   */
  readonly turnAt: number;
  /** Delays taken this round, for the "perRound" reading of STR-07. */
  readonly delaysThisRound: number;
  /**
   * Everyone in the fight, in initiative order, delays included; the order carries over between rounds (STR-03,
   * STR-06). A list, not a record keyed by id: the engine reads it on every command, walking it to find who is up.
   */
  readonly combatants: readonly RolledCombatant[];
  readonly ended: boolean;
  readonly outcome: { readonly reason: string; readonly victors: readonly SideId[] } | null;
}

export type RolledCommand =
  | { readonly type: "act"; readonly combatant: CombatantId }
  | { readonly type: "endTurn"; readonly combatant: CombatantId }
  | { readonly type: "delay"; readonly combatant: CombatantId; readonly after: CombatantId | null }
  | { readonly type: "position"; readonly combatant: CombatantId; readonly square: Square; readonly stance?: string }
  | { readonly type: "spend"; readonly combatant: CombatantId; readonly action: "move"; readonly squares: number }
  | {
      readonly type: "spend";
      readonly combatant: CombatantId;
      readonly action: "action";
      readonly name?: string;
      readonly moveAfter?: boolean;
    }
  | { readonly type: "spend"; readonly combatant: CombatantId; readonly action: "stance"; readonly stance: string }
  | {
      readonly type: "setLoads";
      readonly combatant: CombatantId;
      readonly stressLoad?: number;
      readonly stressTolerance?: number;
      readonly fatigueLoad?: number;
      readonly fatigueTolerance?: number;
    }
  | { readonly type: "setAble"; readonly combatant: CombatantId; readonly able: boolean }
  | { readonly type: "setStunned"; readonly combatant: CombatantId; readonly stunned: number }
  | { readonly type: "remove"; readonly combatant: CombatantId }
  | { readonly type: "declareEnd"; readonly outcome: string; readonly victors: readonly SideId[] }
  | { readonly type: "endCombat" };
