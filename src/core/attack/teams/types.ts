import type { Outcome } from "../../shared/outcome.js";
import type { AttackEvent, AttackStateBase } from "../pipeline.js";
import type { TeamsDamage, TeamsDeclaration, TeamsToHit } from "./attack.js";
import type { TeamsCombatant, TeamsWeapon } from "./combatant.js";
import type { TeamsOptions } from "./options.js";

export interface TeamsSetup {
  readonly combatants: readonly TeamsCombatant[];
  readonly options?: Partial<TeamsOptions>;
}

/** What the defender did in the reaction window. */
export interface TeamsDefence {
  readonly dodged: boolean;
  /** TEAM-43: added to physical deflection for this attack. */
  readonly parryBonus: number;
  /** TEAM-40: the item taking the hit. */
  readonly blockItem: string | null;
  readonly effectPrevented: boolean;
  /** TEAM-39: after an intercept the new target may take a defensive action as a free reaction. */
  readonly freeReaction: boolean;
}

export const NO_DEFENCE: TeamsDefence = {
  dodged: false,
  parryBonus: 0,
  blockItem: null,
  effectPrevented: false,
  freeReaction: false,
};

export type TeamsReaction = "dodge" | "fortify" | "resist" | "intercept" | "block" | "parry";

export interface TeamsAttackState extends AttackStateBase {
  readonly options: TeamsOptions;
  readonly combatants: Readonly<Record<string, TeamsCombatant>>;
  readonly declaration: TeamsDeclaration | null;
  readonly toHit: TeamsToHit | null;
  readonly defence: TeamsDefence;
  readonly damage: TeamsDamage | null;
  /** TEAM-67: the target must choose between fortifying and falling unconscious. */
  readonly pending: "none" | "consciousness";
  readonly outcome: string | null;
}

export type TeamsCommand =
  | {
      readonly type: "declare";
      readonly attacker: string;
      readonly target: string;
      readonly weapon?: TeamsWeapon;
      readonly sneak?: boolean;
      readonly flanking?: boolean;
      readonly advantages?: number;
      readonly disadvantages?: number;
      readonly adjacent?: readonly string[];
      readonly effect?: { readonly name: string; readonly kind: "physical" | "mental" } | null;
    }
  | { readonly type: "killingStrike"; readonly attacker: string; readonly target: string }
  | { readonly type: "roll" }
  | { readonly type: "react"; readonly reaction: TeamsReaction; readonly item?: string; readonly by?: string }
  | { readonly type: "skipReaction" }
  | { readonly type: "rollDamage" }
  | { readonly type: "apply" }
  | { readonly type: "fortify" }
  | { readonly type: "fallUnconscious" }
  | { readonly type: "heal"; readonly target: string; readonly amount: number; readonly pool?: "health" | "endurance" }
  | {
      readonly type: "damage";
      readonly target: string;
      readonly amount: number;
      readonly nonlethal?: boolean;
      readonly fortify?: boolean;
    }
  | {
      readonly type: "setStatus";
      readonly combatant: string;
      readonly status: "guarding" | "prone" | "inCover";
      readonly value: boolean;
    }
  | { readonly type: "startTurn"; readonly combatant: string }
  | { readonly type: "newRound" };

export type TeamsAttackOutcome = Outcome<TeamsAttackState, AttackEvent>;
