import type { Outcome } from "../../shared/outcome.js";
import type { AttackEvent, AttackStateBase } from "../pipeline.js";
import type { NeighbourZone } from "./blast.js";
import type { FactionsCharacter } from "./character.js";
import type { ImpairedReading } from "./damage.js";

export type FactionsAttackMode = "melee" | "ranged" | "indirect" | "meleeBlast" | "rangedBlast";
/** "damage", or a non-lethal attack (FAC-42): "disarm" (FAC-43) or "grapple" (FAC-44). */
export type FactionsAttackEffect = "damage" | "disarm" | "grapple";
export type FactionsReaction = "dodge" | "counter" | "hide" | "guard";

export interface FactionsAttackOptions {
  /** How impaired damage is rolled (FAC-26 silent). Default "keepLower". */
  readonly impaired: ImpairedReading;
  /**
   * FAC-19 ruling: whether the second blow of a counter exchange lands if the first took its dealer down. Default
   * "ifStanding".
   */
  readonly counterSecondBlow: "ifStanding" | "always";
}

export const DEFAULT_FACTIONS_ATTACK_OPTIONS: FactionsAttackOptions = {
  impaired: "keepLower",
  counterSecondBlow: "ifStanding",
};

/** The declare command: everyone involved as data and the circumstances (the GM's flags among them). */
export interface FactionsAttackSetup {
  readonly attacker: FactionsCharacter;
  /** One target, or every character a blast targets (the zone helper works them out). */
  readonly targets: readonly FactionsCharacter[];
  /** Characters near the targets, who may guard them or be hidden behind (FAC-21/22). */
  readonly bystanders: readonly FactionsCharacter[];
  readonly mode: FactionsAttackMode;
  readonly effect: FactionsAttackEffect;
  /** The GM calls for a WIT save: challenging circumstances (FAC-25). */
  readonly gmCallsWitSave: boolean;
  readonly targetVisible: boolean;
  readonly beyondHalfRange: boolean;
  readonly moving: boolean;
  readonly holdBack: boolean;
  readonly finalBlow: boolean;
  readonly opportunity: boolean;
  /** A skill lets the target of an opportunity attack react (FAC-24). */
  readonly opportunityReactable: boolean;
  readonly concealment: boolean;
  readonly cover: boolean;
  readonly coverPenetrated: boolean;
  /** The target is behind a barrier (FAC-35): the attack is impossible. */
  readonly barrier: boolean;
  /** The attacker peeks out from behind a barrier: a counter against it treats the barrier as cover (FAC-35). */
  readonly attackerPeeking: boolean;
  /** Zones a missed ranged blast may deviate into (FAC-39). */
  readonly neighbours: readonly NeighbourZone<FactionsCharacter>[];
  readonly options?: Partial<FactionsAttackOptions>;
}

/** One target of the attack and what happened to it. */
export interface TargetSlot {
  /** Who was attacked first in this slot; hiding and guarding change `target`. */
  readonly attacked: string;
  readonly target: FactionsCharacter;
  readonly reaction: FactionsReaction | "none";
  /** The current target may no longer react: it already did, or it guards (FAC-22). */
  readonly reacted: boolean;
  readonly avoided: boolean;
  readonly raw: number | null;
  readonly damage: number | null;
  readonly counterRaw: number | null;
  readonly counterDamage: number | null;
}

export interface FactionsAttackState extends AttackStateBase {
  readonly options: FactionsAttackOptions;
  readonly circumstances: Omit<FactionsAttackSetup, "attacker" | "targets" | "bystanders" | "neighbours" | "options">;
  readonly neighbours: readonly NeighbourZone<FactionsCharacter>[];
  readonly attackerData: FactionsCharacter;
  readonly slots: readonly TargetSlot[];
  readonly bystanders: readonly FactionsCharacter[];
  readonly hit: boolean | null;
  readonly stunt: { readonly effect: string; readonly answer: "pending" | "accepted" | "refused" } | null;
}

export type FactionsAttackCommand =
  | { readonly type: "roll" }
  | { readonly type: "react"; readonly reaction: "dodge" | "counter"; readonly by: string }
  | {
      readonly type: "react";
      readonly reaction: "hide";
      readonly by: string;
      readonly behind: string;
      readonly agreed: boolean;
    }
  | { readonly type: "react"; readonly reaction: "guard"; readonly by: string; readonly for: string }
  | { readonly type: "proposeStunt"; readonly effect: string }
  | { readonly type: "answerStunt"; readonly accept: boolean }
  | { readonly type: "skipReaction" }
  | { readonly type: "rollDamage" }
  | { readonly type: "apply" };

export type FactionsAttackOutcome = Outcome<FactionsAttackState, AttackEvent>;
