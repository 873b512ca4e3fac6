import type { Outcome } from "../../shared/outcome.js";
import type { AttackEvent, AttackStateBase } from "../pipeline.js";
import type { AimTarget, EscalationActions, EscalationCombatant, EscalationWeapon } from "./combatant.js";
import type {
  EscalationAttackKind,
  EscalationDamage,
  EscalationDeclaration,
  EscalationOutcome,
  EscalationToHit,
} from "./attack.js";
import type { EscalationOptions } from "./options.js";

export interface EscalationSetup {
  readonly combatants: readonly EscalationCombatant[];
  readonly round?: number;
  readonly options?: Partial<EscalationOptions>;
}

export interface EscalationAttackState extends AttackStateBase {
  readonly round: number;
  readonly options: EscalationOptions;
  readonly combatants: Readonly<Record<string, EscalationCombatant>>;
  readonly declaration: EscalationDeclaration | null;
  readonly toHit: EscalationToHit | null;
  readonly damage: EscalationDamage | null;
  /** Set in the reaction window after a natural 1 (ESC-34/35): the free hit the target may take. */
  readonly owed: "none" | "freeHit" | "freeCritical";
  readonly outcome: EscalationOutcome | null;
  /** ESC-48: actions already taken from each unit's next turn by standing up outside its turn. */
  readonly borrowed: Readonly<Record<string, EscalationActions>>;
}

export type EscalationStatus = "flatFooted" | "prone" | "channeling";

export type EscalationCommand =
  | {
      readonly type: "declare";
      readonly attacker: string;
      readonly target: string;
      readonly weapon?: EscalationWeapon;
      readonly aim?: AimTarget | null;
      readonly flanking?: boolean;
      readonly undetected?: boolean;
      readonly inMeleeZone?: boolean;
      readonly kind?: Exclude<EscalationAttackKind, "freeCritical">;
      readonly toHitBonus?: number;
      readonly damageBoost?: number;
    }
  | { readonly type: "roll" }
  | { readonly type: "react"; readonly reaction: string }
  | { readonly type: "skipReaction" }
  | { readonly type: "rollDamage" }
  | { readonly type: "apply" }
  | { readonly type: "heal"; readonly target: string; readonly amount: number }
  | { readonly type: "removeWound"; readonly target: string }
  | { readonly type: "damage"; readonly target: string; readonly amount: number }
  | { readonly type: "disarm"; readonly combatant: string }
  | { readonly type: "retrieve"; readonly combatant: string; readonly pay: "aa" | "ma" | "ba" }
  | {
      readonly type: "standUp";
      readonly combatant: string;
      readonly pay: "aa" | "ma" | "ba";
      readonly outsideTurn?: boolean;
    }
  | { readonly type: "startTurn"; readonly combatant: string }
  | { readonly type: "newRound" }
  | { readonly type: "disengage"; readonly combatant: string; readonly pay: "aa" | "ba" | "granted" }
  | {
      readonly type: "setStatus";
      readonly combatant: string;
      readonly status: EscalationStatus;
      readonly value: boolean;
    }
  | {
      readonly type: "summon";
      readonly summoner: string;
      readonly unit: EscalationCombatant;
      readonly thralled?: boolean;
    };

export type EscalationAttackOutcome = Outcome<EscalationAttackState, AttackEvent>;
