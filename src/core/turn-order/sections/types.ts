import type {
  ActionSpend,
  GrantKind,
  GrantedMoveWindow,
  MoveGrant,
  SectionsTurnBudget,
  StrategySpend,
} from "../../economy/sections.js";
import type { CombatantId, SideId } from "../types.js";

/** How turns follow one another; sections.txt gives no initiative rule (see docs/rulings.md). */
/** SEC-04 ruling: the turn orders a table may pick. */
export const SECTIONS_ORDERS = ["sides", "fixed", "popcorn"] as const;
export type SectionsOrder = (typeof SECTIONS_ORDERS)[number];

export interface SectionsOptions {
  /**
   * "sides" (default): whole sides in turn, members of the side up in any order; "fixed": the setup list; "popcorn":
   * anyone not yet up this round.
   */
  readonly order: SectionsOrder;
  /** SEC-06 ruling: "anytime" (default) or only "drawToDiscard" of the mover's own turn. */
  readonly grantedMoveWindow: GrantedMoveWindow;
}

export interface SectionsCombatantSetup {
  readonly id: CombatantId;
  readonly side: SideId;
  readonly name?: string;
  /** False when it starts the fight unable to take turns. */
  readonly able?: boolean;
}

export interface SectionsSetup {
  /** In "fixed" order, this list is the order of turns. */
  readonly combatants: readonly SectionsCombatantSetup[];
  /**
   * The order sides go in each round; default: the order they first appear in `combatants` (list the players first).
   */
  readonly sideOrder?: readonly SideId[];
  readonly options?: Partial<SectionsOptions>;
}

/**
 * SEC-42: a Block a combatant holds from its occupied section, as the map names them: the border's id and the section
 * it is held from. The turn order keeps it (so undo and replay carry it); the space core says what it stops.
 */
export interface SectionsBlock {
  readonly blocker: CombatantId;
  readonly border: string;
  readonly from: string;
}

/**
 * SEC-46: a Block an ability raises at a distance: any border of the map, whichever section the blocker stands in,
 * named with the ability (an item) it comes from. The turn order keeps it until the GM or its blocker ends it (its
 * duration is the ability's, so the table's call); the space core says what it stops.
 */
export interface SectionsDistanceBlock {
  readonly blocker: CombatantId;
  readonly border: string;
  readonly source: string;
}

/**
 * SEC-15/SEC-16: a climb in progress, which the turn order keeps (so undo and replay carry it) from the Move that
 * started it until one ends it: the border climbed, the lower section the climber still occupies, the upper one, the
 * border's Height and how much of it is climbed. The space core says what each check does.
 */
export interface SectionsClimb {
  readonly climber: CombatantId;
  readonly border: string;
  readonly from: string;
  readonly to: string;
  readonly height: number;
  readonly climbed: number;
}

/** A climber's climb once a Move is made: still climbing (SEC-16), or null when the Move ended it. */
export type ClimbAfterMove = Omit<SectionsClimb, "climber"> | null;

/**
 * SEC-43/SEC-44: why a Block came down (announced by its blocker, on leaving its section, Immobilized, Defenseless, out
 * of the fight).
 */
export const BLOCK_LOWERED_REASONS = ["announced", "left", "immobilized", "defenseless", "removed"] as const;
export type BlockLoweredReason = (typeof BLOCK_LOWERED_REASONS)[number];

/** Where a combatant stands in this round. */
export type SectionsRoundMark = "waiting" | "acted" | "lost";

export interface SectionsCombatant {
  readonly id: CombatantId;
  readonly name: string;
  readonly side: SideId;
  readonly able: boolean;
  readonly out: boolean;
  readonly mark: SectionsRoundMark;
}

export interface SectionsResult {
  readonly reason: "oneSideLeft" | "declared" | "gm";
  readonly outcome: string;
  readonly victors: readonly SideId[];
}

export interface SectionsState {
  readonly kind: "sections";
  readonly options: SectionsOptions;
  readonly round: number;
  readonly sides: readonly SideId[];
  /** Setup order; the turn order itself in "fixed" mode. */
  readonly combatants: readonly SectionsCombatant[];
  /** "sides" mode: the index in `sides` of the side up; sides.length once every side has been up this round. */
  readonly sideIndex: number;
  readonly acting: CombatantId | null;
  /** The budget of the acting combatant's turn; null exactly when nobody acts. */
  readonly turn: SectionsTurnBudget | null;
  readonly result: SectionsResult | null;
  /** SEC-42: the Blocks up, one at most per blocker (ruling SEC-42). */
  readonly blocks: readonly SectionsBlock[];
  /** SEC-46: the Blocks at a distance up; absent in a fight recorded before they were kept (none). */
  readonly distanceBlocks?: readonly SectionsDistanceBlock[];
  /** SEC-16: the climbs in progress, one per climber; absent in a fight recorded before they were kept (none). */
  readonly climbs?: readonly SectionsClimb[];
  /**
   * SEC-47: who has spent this round's Interrupt (ruling: one a round, renewed when the round starts). Absent in a
   * fight recorded before they were kept: none.
   */
  readonly interrupted?: readonly CombatantId[];
}

export type SectionsCommand =
  | { readonly type: "act"; readonly combatant: CombatantId }
  | { readonly type: "draw"; readonly combatant: CombatantId }
  | {
      readonly type: "spend";
      readonly combatant: CombatantId;
      readonly phase: "strategy";
      readonly action: StrategySpend;
      readonly detail?: string;
      /** SEC-06: the card played with this Phase grants a Move (or special movement) to take this turn. */
      readonly grant?: MoveGrant;
      /**
       * SEC-42: with `action: "block"`, the border Blocked and the blocker's section it is held from (both or neither).
       */
      readonly border?: string;
      readonly from?: string;
    }
  | {
      readonly type: "spend";
      readonly combatant: CombatantId;
      readonly phase: "action";
      readonly action: ActionSpend;
      readonly detail?: string;
      readonly grant?: MoveGrant;
    }
  | {
      readonly type: "move";
      readonly combatant: CombatantId;
      readonly kind: "innate" | "granted";
      /** A granted Move: the card whose pending grant it takes, and the kind it is made as (SEC-06, SEC-07). */
      readonly source?: string;
      readonly movement?: GrantKind;
      /**
       * SEC-15/SEC-16: the mover's climb once this Move is made (its checks rolled and read by the space core): one in
       * progress, or null when the Move ended one (the top reached, a let-go fall, Phase, Fly or Teleport). Absent: a
       * Move that has nothing to do with climbing.
       */
      readonly climb?: ClimbAfterMove;
    }
  | { readonly type: "discard"; readonly combatant: CombatantId }
  | {
      readonly type: "lowerBlock";
      readonly combatant: CombatantId;
      readonly reason?: "announced" | "left" | "immobilized" | "defenseless";
    }
  | {
      readonly type: "blockAtDistance";
      readonly combatant: CombatantId;
      readonly border: string;
      readonly source: string;
    }
  | { readonly type: "endDistanceBlock"; readonly combatant: CombatantId; readonly border: string }
  | { readonly type: "endClimb"; readonly combatant: CombatantId }
  /** SEC-47: an Interrupt, out of turn (an Intercept); `detail` says what it was for. */
  | { readonly type: "interrupt"; readonly combatant: CombatantId; readonly detail?: string }
  | { readonly type: "endTurn"; readonly combatant: CombatantId }
  | { readonly type: "setAble"; readonly combatant: CombatantId; readonly able: boolean }
  | { readonly type: "remove"; readonly combatant: CombatantId }
  | { readonly type: "declareEnd"; readonly outcome: string; readonly victors: readonly SideId[] }
  | { readonly type: "endCombat" };
