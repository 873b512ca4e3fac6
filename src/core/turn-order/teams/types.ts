import type { CombatantId, SideId } from "../types.js";
import type { ExtendedAction, TeamsEconomyOptions, TeamsTurnBudget } from "../../economy/teams.js";

/** One combatant as the teams setup gives it. */
export interface TeamsCombatantSetup {
  readonly id: CombatantId;
  readonly team: SideId;
  readonly stamina?: number;
  readonly focus?: number;
  /** False when it starts the fight unable to act (e.g. unconscious). */
  readonly able?: boolean;
  /** TEAM-15: cannot be surprised (e.g. danger sense), so it acts in the surprise round. */
  readonly cannotBeSurprised?: boolean;
}

/** TEAM-15 ruling: the order of a surprise round; the choices a table may pick. */
export const SURPRISE_ORDERS = ["initiative", "surprisersFirst"] as const;

export interface TeamsOptions extends TeamsEconomyOptions {
  /** TEAM-15 ruling: team order in the surprise round: "initiative" (as the text says) or "surprisersFirst". */
  readonly surpriseOrder: (typeof SURPRISE_ORDERS)[number];
}

export interface TeamsSetup {
  /** TEAM-03/04: the initiative order of teams: the starter's team, the attacked team, then the GM's order. */
  readonly initiative: readonly SideId[];
  readonly combatants: readonly TeamsCombatantSetup[];
  /** TEAM-14: teams that have surprise; a surprise round opens the fight when any are given. */
  readonly surprise?: readonly SideId[];
  /** TEAM-01/02: each team's objective in words, for the tracker; the GM may change it. */
  readonly objectives?: Readonly<Record<SideId, string>>;
  readonly options?: Partial<TeamsOptions>;
}

export interface TeamsMember {
  readonly id: CombatantId;
  readonly team: SideId;
  readonly able: boolean;
  readonly out: boolean;
  /** Has had its turn this round (taken or lost). */
  readonly acted: boolean;
  readonly cannotBeSurprised: boolean;
  readonly stamina: number;
  readonly focus: number;
  /** Reactions available now (TEAM-35, TEAM-27). */
  readonly reactions: number;
  /** TEAM-54: attacks made this round (or turn, by option), for the multiple attack penalty. */
  readonly attacks: number;
  /** The budget of the turn it is taking, or null. */
  readonly turn: TeamsTurnBudget | null;
  readonly extended: ExtendedAction | null;
  /** Effects that last until its next turn: Guard, Seek Cover, Ready an Action, Wait. */
  readonly untilNextTurn: readonly string[];
  /** TEAM-19: actions granted by an ally's Command, usable during that ally's turn. */
  readonly granted: number;
}

export type TeamsPhase = "surprise" | "main" | "ended";

export interface TeamsState {
  readonly kind: "teams";
  readonly round: number;
  readonly phase: TeamsPhase;
  readonly initiative: readonly SideId[];
  readonly surprising: readonly SideId[];
  /** Setup order of combatants: the keys of `members`, kept for a stable display. */
  readonly roster: readonly CombatantId[];
  readonly members: Readonly<Record<CombatantId, TeamsMember>>;
  /** The team choosing its next member, or null while someone acts or nobody can act. */
  readonly up: SideId | null;
  readonly acting: CombatantId | null;
  /** The team of the last turn taken, from which play passes on (TEAM-07). */
  readonly lastSide: SideId | null;
  readonly result: { readonly reason: string; readonly victors: readonly SideId[] } | null;
  /** TEAM-01/02: each team's objective in words (empty when none was given). */
  readonly objectives: Readonly<Record<SideId, string>>;
  readonly options: TeamsOptions;
}

export type TeamsCommand =
  | { readonly type: "act"; readonly combatant: CombatantId }
  | { readonly type: "endTurn"; readonly combatant: CombatantId }
  | {
      readonly type: "spend";
      readonly combatant: CombatantId;
      readonly action: string;
      /** Actions a custom action costs (TEAM-17 default 1), e.g. a 2-action reload. */
      readonly cost?: number;
      /** Ally commanded (Command) or character resuscitated (Resuscitate). */
      readonly target?: CombatantId;
    }
  | { readonly type: "abandon"; readonly combatant: CombatantId }
  | { readonly type: "react"; readonly combatant: CombatantId; readonly reaction: string; readonly free?: boolean }
  | { readonly type: "setAble"; readonly combatant: CombatantId; readonly able: boolean }
  | { readonly type: "remove"; readonly combatant: CombatantId }
  | { readonly type: "setObjective"; readonly side: SideId; readonly objective: string }
  | { readonly type: "declareEnd"; readonly outcome: string; readonly victors: readonly SideId[] }
  | { readonly type: "endCombat" };
