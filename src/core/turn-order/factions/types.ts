import type { Outcome } from "../../shared/outcome.js";
import type { CombatantId, SideId, TurnEvent, TurnOrderView } from "../types.js";
import type { FactionsTurnBudget } from "../../economy/factions.js";

export interface FactionsCombatantSetup {
  readonly id: CombatantId;
  readonly faction: SideId;
  /** FAC-66: WIT decides the fast phase. */
  readonly wit?: number;
  readonly health?: number;
  readonly maxHealth?: number;
  /** FAC-56: immune to fear, so immune to morale. */
  readonly immuneToFear?: boolean;
  /** FAC-48/51: an ambusher concealed at the start of the fight. */
  readonly concealed?: boolean;
  readonly able?: boolean;
  /** FAC-57: surrendering when the fight starts (the sheet's mark): it takes no turn until harmed or resumed. */
  readonly surrendered?: boolean;
}

export interface FactionsOptions {
  /**
   * FAC-03 ruling: a faction that passed may not act again in that round (phase). Default false: the literal reading.
   */
  readonly passIsFinal: boolean;
  /** FAC-65..69: fast and slow activations. */
  readonly fastSlow: boolean;
  /** FAC-71: seconds a Player has to declare a turn's intent, or null for no timer. */
  readonly declarationSeconds: number | null;
  /** FAC-14 ruling: a character that has taken its turn may still react (default false). */
  readonly reactAfterActing: boolean;
  /** FAC-51 ruling: the ambush bonus turn uses up the ambusher's turn in round 1 (default false). */
  readonly ambushUsesFirstTurn: boolean;
}

export interface FactionsSetup {
  /** The factions, in the order play passes among three or more (FAC-05 ruling). */
  readonly factions: readonly SideId[];
  readonly combatants: readonly FactionsCombatantSetup[];
  /** FAC-05: the faction that started the fight holds initiative; missing means assigned at random. */
  readonly initiative?: SideId;
  /** FAC-71: factions run by Players (the declaration timer applies to them). */
  readonly players?: readonly SideId[];
  readonly options?: Partial<FactionsOptions>;
}

export interface FactionsMember {
  readonly id: CombatantId;
  readonly faction: SideId;
  readonly wit: number;
  readonly health: number;
  readonly maxHealth: number;
  readonly immuneToFear: boolean;
  readonly concealed: boolean;
  readonly able: boolean;
  readonly out: boolean;
  readonly retreated: boolean;
  readonly surrendered: boolean;
  /** FAC-55: passed a morale check, not subject to morale for the rest of the fight. */
  readonly moraleExempt: boolean;
  /** Has used its turn this round: taken, reacted, surrendered or lost. */
  readonly acted: boolean;
  /** FAC-61: a weapon or armour of its was used at least once. */
  readonly gearUsed: boolean;
  readonly turn: FactionsTurnBudget | null;
}

export type FactionsPhase = "ambush" | "main" | "fast" | "slow" | "morale" | "ended";

export interface FactionsState {
  readonly kind: "factions";
  readonly round: number;
  readonly phase: FactionsPhase;
  readonly factions: readonly SideId[];
  readonly players: readonly SideId[];
  /** FAC-04/05: the faction holding the initiative. */
  readonly holder: SideId;
  readonly roster: readonly CombatantId[];
  readonly members: Readonly<Record<CombatantId, FactionsMember>>;
  /** FAC-05: starting numbers per faction, for morale (FAC-53). */
  readonly startNumbers: Readonly<Record<SideId, number>>;
  /** The holder has still to choose which faction acts first in this round or phase (FAC-04). */
  readonly choosingFirst: boolean;
  readonly up: SideId | null;
  readonly acting: CombatantId | null;
  /** FAC-03: passes one after another since the last turn. */
  readonly passesInRow: number;
  /** Factions that have passed in this phase. */
  readonly passed: readonly SideId[];
  /** FAC-65: the fast action threshold of this round, when fast and slow activations are used. */
  readonly fat: number | null;
  /** FAC-54: characters whose morale result the GM has still to record. */
  readonly moraleDue: readonly CombatantId[];
  /** FAC-55: characters due whose WIT save failed, with the d20 they rolled: they must surrender or retreat. */
  readonly moraleFailed: readonly MoraleFailure[];
  /** FAC-71: the running declaration timer, for the tracker to show. */
  readonly declaration: { readonly combatant: CombatantId; readonly seconds: number } | null;
  readonly result: { readonly reason: string; readonly victors: readonly SideId[] } | null;
  readonly options: FactionsOptions;
}

export type MoraleResult = "pass" | "surrender" | "retreat";

/** A failed morale save (FAC-55), kept until the character's surrender or retreat is recorded. */
export interface MoraleFailure {
  readonly combatant: CombatantId;
  readonly roll: number;
}

export type FactionsCommand =
  | { readonly type: "chooseFirst"; readonly side: SideId }
  | { readonly type: "act"; readonly combatant: CombatantId }
  | { readonly type: "pass"; readonly side: SideId }
  | { readonly type: "endTurn"; readonly combatant: CombatantId }
  | {
      readonly type: "spend";
      readonly combatant: CombatantId;
      readonly action: string;
      /** Move: the part of the zone moved now (default 1). */
      readonly zones?: number;
      /** Interact: the GM rules it complex, so a main action (FAC-12). */
      readonly complex?: boolean;
    }
  | { readonly type: "react"; readonly combatant: CombatantId; readonly trigger: string }
  | { readonly type: "surrender"; readonly combatant: CombatantId }
  | { readonly type: "resume"; readonly combatant: CombatantId }
  | { readonly type: "declarationLapsed"; readonly combatant: CombatantId }
  | { readonly type: "setHealth"; readonly combatant: CombatantId; readonly health: number; readonly byEnemy?: boolean }
  | { readonly type: "useGear"; readonly combatant: CombatantId }
  | { readonly type: "morale"; readonly combatant: CombatantId; readonly result: MoraleResult }
  | { readonly type: "rollMorale"; readonly combatant: CombatantId }
  | { readonly type: "setAble"; readonly combatant: CombatantId; readonly able: boolean }
  | { readonly type: "remove"; readonly combatant: CombatantId }
  | { readonly type: "declareEnd"; readonly outcome: string; readonly victors: readonly SideId[] }
  | { readonly type: "endCombat" };

/** The command of one type, as its handler receives it. */
export type FactionsCommandOf<K extends FactionsCommand["type"]> = Extract<FactionsCommand, { readonly type: K }>;

/** What every factions command and start answer: the next state and its events, or a typed refusal. */
export type FactionsOutcome = Outcome<FactionsState, TurnEvent>;

/** The tracker's view plus what only factions has: the FAT and the declaration timer. */
export interface FactionsView extends TurnOrderView {
  readonly fat: number | null;
  readonly holder: SideId;
  readonly declaration: { readonly combatant: CombatantId; readonly seconds: number } | null;
  /** FAC-55: the morale saves failed this round, each with its d20, and every WIT a morale save is made against. */
  readonly moraleFailed: readonly MoraleFailure[];
  readonly wit: Readonly<Record<CombatantId, number>>;
}
