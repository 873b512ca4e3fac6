import type {
  EscalationActions,
  EscalationBoosts,
  EscalationPayment,
  EscalationUse,
} from "../../economy/escalation.js";
import type { CombatantId, SideId } from "../types.js";
import type { TieBreak } from "../shared/initiative-order.js";
import type { EndWhen } from "../shared/sides.js";

export interface RankedCombatantSetup {
  readonly id: CombatantId;
  readonly name?: string;
  readonly side: SideId;
  /** The Agility modifier: the order (ESC-01) and Free Hit Slots (ESC-42). */
  readonly agility: number;
  /** Started the fight by attacking before it officially began (ESC-02). */
  readonly initiator?: boolean;
  readonly prone?: boolean;
}

/** ESC-01: the tie-breaks a table may pick (no modifier to compare: Agility is the rank itself). */
export const RANKED_TIE_BREAKS = ["listed", "pcFirst", "rollOff"] as const;

export interface RankedOptions {
  /** ESC-01 ruling: equal Agility modifiers keep setup order ("listed"), or "pcFirst", or "rollOff" (d6 each). */
  readonly ties: Exclude<TieBreak, "modifier">;
  /** ESC-03 ruling: a delayed place reverts at the next round unless this is true. */
  readonly delayKeepsPlace: boolean;
  /** ESC-63 ruling for three or more sides. */
  readonly endWhen: EndWhen;
}

export interface RankedSetup {
  readonly combatants: readonly RankedCombatantSetup[];
  readonly options?: Partial<RankedOptions>;
}

export interface RankedCombatant {
  readonly id: CombatantId;
  readonly name: string;
  readonly side: SideId;
  readonly agility: number;
  readonly able: boolean;
  readonly out: boolean;
  /** Has taken its turn this round. */
  readonly acted: boolean;
  /** Has delayed this round (ESC-03 ruling: once per round). */
  readonly delayed: boolean;
  /** What is left of the current turn's actions (only meaningful while acting). */
  readonly left: EscalationActions;
  /** Actions already taken from the next turn by standing up off-turn (ESC-48). */
  readonly owed: EscalationActions;
  /** ESC-42, refreshed at the start of each round. */
  readonly freeHitsLeft: number;
  /** ESC-43: disengaged for the rest of the round. */
  readonly disengaged: boolean;
  readonly prone: boolean;
  /** ESC-09 boosts bought this round (ruling: they last the round and stack). */
  readonly boosts: EscalationBoosts;
}

export interface RankedState {
  readonly engine: "ranked";
  readonly options: RankedOptions;
  readonly round: number;
  /** The ranking every round starts from (ESC-01/02). */
  readonly rankOrder: readonly CombatantId[];
  /** This round's order, delays included (ESC-03). */
  readonly order: readonly CombatantId[];
  readonly acting: CombatantId | null;
  /**
   * Everyone in the battle, in the setup's order (a list, not a record keyed by id: the engine reads and copies it
   * on every command, and a list is several times faster at both).
   */
  readonly combatants: readonly RankedCombatant[];
  readonly ended: boolean;
  readonly outcome: { readonly reason: string; readonly victors: readonly SideId[] } | null;
}

export type RankedCommand =
  | { readonly type: "act"; readonly combatant: CombatantId }
  | { readonly type: "endTurn"; readonly combatant: CombatantId }
  | { readonly type: "delay"; readonly combatant: CombatantId; readonly after: CombatantId | null }
  | {
      readonly type: "spend";
      readonly combatant: CombatantId;
      readonly action: EscalationUse;
      readonly pay: EscalationPayment;
    }
  | { readonly type: "freeHit"; readonly combatant: CombatantId }
  | { readonly type: "setProne"; readonly combatant: CombatantId; readonly prone: boolean }
  | { readonly type: "setAble"; readonly combatant: CombatantId; readonly able: boolean }
  | { readonly type: "remove"; readonly combatant: CombatantId; readonly reason?: "defeated" | "fled" | "unwilling" }
  | { readonly type: "declareEnd"; readonly outcome: string; readonly victors: readonly SideId[] }
  | { readonly type: "endCombat" };
