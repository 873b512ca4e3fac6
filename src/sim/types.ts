import type { FirstStates } from "./first-states.js";
import type { EscalationCombatant } from "../core/attack/escalation/index.js";
import type { FactionsCharacter } from "../core/attack/factions/index.js";
import type { SectionsCombatant } from "../core/attack/sections/index.js";
import type { StrainCharacter } from "../core/attack/strain/index.js";
import type { TeamsCombatant } from "../core/attack/teams/index.js";
import type { RulesetId } from "../core/index.js";

/** The two sides of every simulated fight; the engines see them as side ids "a" and "b". */
export type SimSide = "a" | "b";

/** A strain character plus the Initiative modifier the rolled turn order adds to 2d6 (STR-02). */
export interface SimStrainMember extends StrainCharacter {
  readonly initiative: number;
}

/** The combatant data each rule set's attack module reads; the simulator keeps it as the fight goes. */
export interface SimMembers {
  readonly sections: SectionsCombatant;
  readonly escalation: EscalationCombatant;
  readonly teams: TeamsCombatant;
  readonly strain: SimStrainMember;
  readonly factions: FactionsCharacter;
}

export interface SimParty<M> {
  readonly name: string;
  readonly members: readonly M[];
}

export interface SimParties<M> {
  readonly a: SimParty<M>;
  readonly b: SimParty<M>;
}

/** Whom an attack goes at among the standing enemies (ties: party order). */
export type TargetChoice = "weakest" | "strongest" | "first";

/** The simple tactics both sides play; see docs/simulator.md. */
export interface SimTactics {
  readonly target: TargetChoice;
  /** escalation: after the Attack Action, spend the Move Action and both Bonus Actions on the extra attack (ESC-10). */
  readonly extraAttack: boolean;
  /** teams: how many of the three actions go on attacks (TEAM-17, TEAM-54 makes later ones worse). */
  readonly attacksPerTurn: number;
  /** strain: the defence a target picks (STR-37); "best" takes the higher modifier, Evasion counting its Boon as +1. */
  readonly defence: "best" | "resilience" | "evasion";
  /** factions: check morale at the end of a round when it is due (FAC-53..55); a failed WIT save retreats. */
  readonly morale: boolean;
}

export const DEFAULT_TACTICS: SimTactics = {
  target: "weakest",
  extraAttack: true,
  attacksPerTurn: 3,
  defence: "best",
  morale: true,
};

/** A fight still running at the end of this round is a draw. */
export const DEFAULT_ROUND_CAP = 50;

export type SimInput = {
  readonly [R in RulesetId]: {
    readonly ruleset: R;
    readonly seed: number;
    readonly fights: number;
    readonly parties?: SimParties<SimMembers[R]>;
    readonly tactics?: Partial<SimTactics>;
    readonly roundCap?: number;
    /**
     * The turn order's rule options, as a world sets them (src/foundry/settings/rule-options.ts), handed to the
     * engine's setup; none given, the engine's own defaults (and the factions defaults below) as before.
     */
    readonly ruleOptions?: Readonly<Record<string, unknown>>;
    /**
     * Also count, per member, the fights it dropped in, and how fights ended (rounds, survivors): `SimReport.detail`.
     */
    readonly detail?: boolean;
    /** Every fight starts from this turn-order state of a fight under way (mid-fight odds), not from a fresh start. */
    readonly resume?: SimResume;
  };
}[RulesetId];

/**
 * What one fight leaves behind for the report's detail, by unit (party a's members, then b's): 1 where the unit
 * dropped during the fight, 1 where it is still standing at its end. The fight fills it when it is given one.
 */
export interface FightTrace {
  readonly dropped: Uint8Array;
  readonly standing: Uint8Array;
}

/**
 * A fight under way to play on from: its turn order's state as the engine left it (the round, the turn under way,
 * who has acted, what each has spent), and which of its sides are the simulator's a and b. The parties' members
 * keep their ids from that state; a combatant of the state no party lists is out of the simulated fights.
 */
export interface SimResume {
  readonly state: unknown;
  readonly sides: { readonly a: string; readonly b: string };
}

/** What a fight may be given beyond its parties: the turn order's rule options, a trace to fill, a state to resume. */
export interface FightExtras {
  readonly ruleOptions?: Readonly<Record<string, unknown>>;
  readonly trace?: FightTrace;
  readonly resume?: SimResume;
  /** The run's memo of its fights' first state (resume.ts): the engine's start runs once a run, not once a fight. */
  readonly firstStates?: FirstStates;
}

export const NO_EXTRAS: FightExtras = {};

/** One fight: who won (null for a draw at the round cap) and in which round it ended. */
export interface FightResult {
  readonly winner: SimSide | null;
  readonly rounds: number;
}

export interface SimReport {
  readonly ok: true;
  readonly ruleset: RulesetId;
  readonly seed: number;
  readonly fights: number;
  readonly roundCap: number;
  readonly tactics: SimTactics;
  readonly parties: {
    readonly a: { readonly name: string; readonly members: readonly string[] };
    readonly b: { readonly name: string; readonly members: readonly string[] };
  };
  readonly wins: { readonly a: number; readonly b: number };
  /** Fights still running at the round cap. */
  readonly draws: number;
  readonly winRate: { readonly a: number; readonly b: number };
  /** Wilson score 95% interval of each side's win rate. */
  readonly winRateInterval: { readonly a: readonly [number, number]; readonly b: readonly [number, number] };
  /** Rounds each fight lasted (a draw counts as the cap). */
  readonly rounds: { readonly mean: number; readonly sd: number; readonly min: number; readonly max: number };
  /** Only when the input asked for it (`detail: true`), so reports without it stay as they were. */
  readonly detail?: SimDetail;
}

/** How the fights ended, beyond who won: counted over every fight of the report. */
export interface SimDetail {
  /**
   * Per member id: the fights in which it dropped (0 HP, defeated, unconscious or dead, Incapacitated or removed;
   * a factions retreat is not a drop). A member already down when the fight starts never drops in it.
   */
  readonly drops: Readonly<Record<string, number>>;
  /** `a[r]`: fights side a won in round r; `b[r]` likewise; `draws[r]`: draws at the cap (index = round, from 0). */
  readonly roundsEnded: {
    readonly a: readonly number[];
    readonly b: readonly number[];
    readonly draws: readonly number[];
  };
  /** `a[k]`: fights side a won with k of its members still standing at the end (index 0..members); likewise b. */
  readonly survivors: { readonly a: readonly number[]; readonly b: readonly number[] };
}
