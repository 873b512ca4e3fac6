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

export const DEFAULT_TACTICS: SimTactics = { target: "weakest", extraAttack: true, attacksPerTurn: 3, defence: "best", morale: true };

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
  };
}[RulesetId];

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
}
