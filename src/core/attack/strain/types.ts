import type { BoonBaneReading } from "../../dice/boon-bane.js";
import type { Outcome } from "../../shared/outcome.js";
import type { AttackEvent, AttackStateBase } from "../pipeline.js";
import type { StrainCharacter } from "./character.js";
import { DEFAULT_STRAIN_CONTEST, type Defence, type DefenceResult, type StrainContestOptions } from "./contest.js";

export interface StrainAttackOptions extends StrainContestOptions {
  /** What Boon and Bane do (STR-41 silent). Default "keepTwo". */
  readonly boonBane: BoonBaneReading;
}

export const DEFAULT_STRAIN_ATTACK_OPTIONS: StrainAttackOptions = { ...DEFAULT_STRAIN_CONTEST, boonBane: "keepTwo" };

/** The declare command. The defender's choice of defence comes with it (STR-38: chosen before the roll). */
export interface StrainAttackSetup {
  readonly attacker: StrainCharacter;
  readonly target: StrainCharacter;
  readonly kind: "physical" | "mental";
  /** The Art granting the attack, or "basic" for a Basic Attack (STR-36). */
  readonly art: string;
  readonly defence: Defence;
  readonly deals: "fatigue" | "stress";
  /** Instances of Fatigue or Stress the attack deals; each is +1 Load (STR-55). */
  readonly instances: number;
  readonly ranged: boolean;
  readonly finisher: boolean;
  /** Enemies adjacent to the attacker: +1 Bane each on a Ranged attack (STR-42). */
  readonly adjacentEnemies: number;
  /** The target has Cover: +1 Bane (STR-48). */
  readonly cover: boolean;
  /** Stress the attacker takes by Overexerting, declared here, before any roll (STR-44). */
  readonly overexert: number;
  /** The ability has the Overexert tag: only such an ability lets its user Overexert (STR-44). */
  readonly overexertTag: boolean;
  /** Boons and Banes from abilities. */
  readonly boons: number;
  readonly banes: number;
  readonly options?: Partial<StrainAttackOptions>;
}

export interface StrainAttackState extends AttackStateBase {
  readonly options: StrainAttackOptions;
  readonly setup: Omit<StrainAttackSetup, "attacker" | "target" | "options">;
  readonly attackerData: StrainCharacter;
  readonly targetData: StrainCharacter;
  readonly attackTotal: number | null;
  readonly result: DefenceResult | null;
}

export type StrainAttackCommand =
  | { readonly type: "roll" }
  | { readonly type: "react"; readonly reaction: string }
  | { readonly type: "rollDamage" }
  | { readonly type: "apply" };

export type StrainAttackOutcome = Outcome<StrainAttackState, AttackEvent>;
