import type { Roller } from "../../shared/roller.js";
import type { EscalationCombatant } from "./combatant.js";
import { rollDamage, takeHit } from "./damage.js";
import { declaration, type EscalationDeclaration } from "./declaration.js";
import { DEFAULT_ESCALATION_OPTIONS, type EscalationOptions } from "./options.js";
import { rollToHit, type EscalationOutcome } from "./to-hit.js";

export interface QuickEscalationResult {
  readonly outcome: EscalationOutcome;
  readonly attacker: EscalationCombatant;
  readonly target: EscalationCombatant;
  /** Hit points the target lost. */
  readonly damage: number;
  /** What the target may now take against the attacker: call again with kind freeHit / freeCritical. */
  readonly owed: "none" | "freeHit" | "freeCritical";
}

/**
 * One whole escalation attack with default choices, for the encounter simulator: no events, no dice kept.
 * It does not check actions (the caller runs the turn) but does spend a free hit slot for kind freeHit.
 */
export function resolveEscalationAttack(
  attacker: EscalationCombatant,
  target: EscalationCombatant,
  roller: Roller,
  options: {
    readonly declaration?: Partial<Omit<EscalationDeclaration, "attacker" | "target">>;
    readonly round?: number;
    readonly rules?: EscalationOptions;
  } = {},
): QuickEscalationResult {
  const rules = options.rules ?? DEFAULT_ESCALATION_OPTIONS;
  const round = options.round ?? 1;
  const decl = declaration(attacker, target, options.declaration);
  let att = decl.kind === "freeHit" ? { ...attacker, freeHitsUsed: attacker.freeHitsUsed + 1 } : attacker;
  const toHit = rollToHit(att, target, decl, round, rules, roller, null);
  if (toHit.outcome === "fatalTragedy") {
    att = { ...att, hp: 0, condition: "dead" };
    return { outcome: toHit.outcome, attacker: att, target, damage: 0, owed: "none" };
  }
  if (toHit.outcome === "decisiveVictory") {
    return { outcome: toHit.outcome, attacker: att, target: { ...target, hp: 0, condition: "defeated" }, damage: target.hp, owed: "none" };
  }
  if (!toHit.hit) return { outcome: toHit.outcome, attacker: att, target, damage: 0, owed: toHit.owed };
  const dmg = rollDamage(att, target, decl, toHit.multiplier, rules, roller, null);
  const hurt = takeHit(target, dmg, decl.aim, round);
  return { outcome: toHit.outcome, attacker: att, target: hurt, damage: target.hp - hurt.hp, owed: "none" };
}
