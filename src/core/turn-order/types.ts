import type { MoveGrant } from "../economy/sections.js";
import type { Engine } from "../shared/engine.js";

export type CombatantId = string;
/** A team (teams) or a faction (factions); a side in general. */
export type SideId = string;

/**
 * The events every turn-order engine speaks. The Foundry layer maps them one-to-one onto
 * Fray's hooks (fray.turnStart, fray.roundEnd, fray.factionPassed, ...), so each fires exactly
 * once, in the order emitted. Engines may emit extra events of their own with other `type`s.
 */
export type TurnEvent =
  | { readonly type: "combatStarted" }
  | { readonly type: "roundStarted"; readonly round: number }
  | { readonly type: "phaseStarted"; readonly round: number; readonly phase: string }
  | { readonly type: "sideUp"; readonly round: number; readonly side: SideId }
  | { readonly type: "turnStarted"; readonly round: number; readonly combatant: CombatantId }
  | { readonly type: "turnEnded"; readonly round: number; readonly combatant: CombatantId }
  | { readonly type: "turnLost"; readonly round: number; readonly combatant: CombatantId; readonly reason: string }
  | { readonly type: "passed"; readonly round: number; readonly side: SideId }
  | {
      readonly type: "delayed";
      readonly round: number;
      readonly combatant: CombatantId;
      readonly after: CombatantId | null;
    }
  | { readonly type: "sideSkipped"; readonly round: number; readonly side: SideId }
  | { readonly type: "actionSpent"; readonly combatant: CombatantId; readonly action: string; readonly detail?: string }
  | { readonly type: "phaseEnded"; readonly round: number; readonly phase: string }
  | { readonly type: "roundEnded"; readonly round: number }
  | {
      readonly type: "moraleDue";
      readonly round: number;
      readonly side: SideId;
      readonly combatants: readonly CombatantId[];
      readonly reason: string;
    }
  | {
      readonly type: "combatEnded";
      readonly reason: string;
      readonly victors: readonly SideId[];
      readonly steps: readonly EndOfCombatStep[];
    }
  | { readonly type: string; readonly [k: string]: unknown };

/** What the rules say happens once a fight is over, as data the Foundry layer turns into updates. */
export type EndOfCombatStep =
  | { readonly type: "restoreMp"; readonly combatants: readonly CombatantId[] } // ESC-64
  | { readonly type: "resetLoads"; readonly combatants: readonly CombatantId[] } // STR-05
  | { readonly type: "recordTolerances"; readonly combatants: readonly CombatantId[] } // STR-05
  | { readonly type: "durabilityRolls"; readonly combatants: readonly CombatantId[] } // FAC-61
  | { readonly type: string; readonly [k: string]: unknown };

export type CombatantStatus = "ready" | "acting" | "acted" | "delayed" | "passed" | "unable" | "out";

/**
 * One thing the acting combatant's turn spends, named as its rule text names it (`FRAY.Budget.<Name>`): how many are
 * left of how many (teams' Actions 2/3), a plain count (Reactions 1), or a once-a-turn step used or not (strain's
 * Stance). Only what the engine's state holds.
 */
export type BudgetItem =
  | { readonly key: string; readonly left: number; readonly of: number }
  | { readonly key: string; readonly count: number }
  | { readonly key: string; readonly used: boolean };

/** Everything the tracker shows, derived from state; never stored. */
export interface TurnOrderView {
  readonly round: number;
  /** "roundZero", "surprise", "fast", "slow", "main", "ended", ... */
  readonly phase: string;
  readonly acting: CombatantId | null;
  /** The side whose choice it is, when a side picks its next member (teams, factions). */
  readonly choosing: SideId | null;
  /** Display order: acting first where there is one, then as the engine would run them. */
  readonly order: readonly CombatantId[];
  readonly status: Readonly<Record<CombatantId, CombatantStatus>>;
  readonly sides: Readonly<Record<SideId, { readonly remaining: number; readonly passed: boolean }>>;
  /** A localisation key and data for the banner: "FRAY.Banner.SideChooses" {side}, "FRAY.Banner.RoundZero", ... */
  readonly banner: { readonly key: string; readonly data?: Readonly<Record<string, string | number>> };
  readonly ended: boolean;
  /** What the acting combatant's turn has left to spend; absent or empty when nobody acts. */
  readonly budget?: readonly BudgetItem[];
  /**
   * The number the order ranks each combatant by, where one does (`FRAY.Rank.<Name>`): strain's 2d6 + Initiative
   * totals (STR-02), escalation's Agility (ESC-01). Absent where sides alternate or cards decide.
   */
  readonly ranking?: { readonly key: string; readonly by: Readonly<Record<CombatantId, number>> };
  /**
   * What the acting combatant has moved this turn, in the unit its turn order counts it (STR-19 squares of Speed,
   * FAC-07 parts of its one zone); absent where a move is taken whole (a Move Action, an innate Move) or nobody acts.
   */
  readonly moved?: { readonly squares?: number; readonly zones?: number };
  /** ESC-43: the acting combatant has disengaged this round, so leaving melee zones provokes no free hit. */
  readonly disengaged?: boolean;
  /** SEC-05 (sections): the acting combatant has used its innate Move this turn. */
  readonly innateMoveUsed?: boolean;
  /**
   * SEC-06 (sections): the Moves granted by cards the acting combatant played this turn, still to take, in order
   * played.
   */
  readonly grants?: readonly MoveGrant[];
  /** SEC-42: the Blocks up (sections): who Blocks which border of the map, held from which section. */
  readonly blocks?: readonly { readonly blocker: CombatantId; readonly border: string; readonly from: string }[];
  /** SEC-46: the Blocks at a distance up (sections): who Blocks which border of the map, by which ability. */
  readonly distanceBlocks?: readonly {
    readonly blocker: CombatantId;
    readonly border: string;
    readonly source: string;
  }[];
  /**
   * SEC-16: the climbs in progress (sections): who climbs which border, from which section to which, how high so far.
   */
  readonly climbs?: readonly {
    readonly climber: CombatantId;
    readonly border: string;
    readonly from: string;
    readonly to: string;
    readonly height: number;
    readonly climbed: number;
  }[];
}

/**
 * One shape for every turn order (shared/turn-order-engine.ts builds it). A state the engine did not make is checked
 * once, where it is read (`isState`): the Foundry layer's stored fight, the simulator's resume. `apply`, `legal` and
 * `view` trust their typed input; only the command is untrusted, and `apply` refuses one that does not fit.
 */
export interface TurnOrderEngine<Setup, State, Command, View extends TurnOrderView = TurnOrderView> extends Engine<
  Setup,
  State,
  Command,
  TurnEvent
> {
  /**
   * Whether a stored state has the shape this engine works on (its state schema; an earlier Fray may have stored
   * another).
   */
  isState(state: unknown): state is State;
  /** Every command `apply` would accept now; the tracker shows only these buttons. */
  legal(state: State): Command[];
  view(state: State): View;
  /**
   * What the order holds of a combatant's conditions, in its own words (`unable`, `prone`, `surrendered`, `stunned`,
   * the Loads); undefined when it is not in the fight. A sheet shows the same conditions, and the Foundry layer keeps
   * the two in step (foundry/statuses/fight-conditions.ts).
   */
  held(state: State, combatant: CombatantId): HeldConditions | undefined;
}

/** A combatant's conditions as a turn order holds them: flags and counts, by the order's own names. */
export type HeldConditions = Readonly<Record<string, boolean | number>>;
