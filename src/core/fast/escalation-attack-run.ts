import {
  declaration,
  defeatByDecisiveVictory,
  killByFatalTragedy,
  rollDamage,
  rollToHit,
  takeHit,
  type EscalationDeclaration,
  type EscalationOutcome,
} from "../attack/escalation/attack.js";
import { spendFreeHitSlot, type EscalationCombatant, type WritableCombatant } from "../attack/escalation/combatant.js";
import { DEFAULT_ESCALATION_OPTIONS, type EscalationOptions } from "../attack/escalation/options.js";
import type { Roller } from "../shared/roller.js";

/**
 * The escalation attack driven fast: one attack with default choices on units its caller owns (the simulator's
 * fight keeps its own copies), changed in place by the attack's rules, with no events and no dice kept. What the
 * last attack did stays in the run's fields, one run a fight. It takes the card's steps in the card's order, with
 * the same dice: ESC-42 the free hit's slot, ESC-14/27..36 the roll, ESC-36 a fatal tragedy, ESC-33 a decisive
 * victory, else the damage (ESC-15..24). test/core/fast/escalation-attack-run.test.ts holds it to the card.
 */
export class EscalationAttackFastRun {
  outcome: EscalationOutcome = "miss";
  /** Hit points the target lost. */
  damage = 0;
  /** What the target may now take against the attacker: strike again with kind freeHit or freeCritical. */
  owed: "none" | "freeHit" | "freeCritical" = "none";
  /** Whether the attacker (a free hit's slot, a fatal tragedy) or the target (a hit, a decisive victory) changed. */
  attackerChanged = false;
  targetChanged = false;

  /** One attack by `att` on `tgt` as `decl` declares it, both units the caller's own: what it did is in the fields. */
  strike(
    att: WritableCombatant,
    tgt: WritableCombatant,
    decl: EscalationDeclaration,
    round: number,
    rules: EscalationOptions,
    roller: Roller,
  ): void {
    this.attackerChanged = decl.kind === "freeHit";
    this.targetChanged = false;
    this.damage = 0;
    this.owed = "none";
    if (decl.kind === "freeHit") spendFreeHitSlot(att);
    const toHit = rollToHit(att, tgt, decl, round, rules, roller, null);
    this.outcome = toHit.outcome;
    if (toHit.outcome === "fatalTragedy") {
      killByFatalTragedy(att);
      this.attackerChanged = true;
      return;
    }
    if (toHit.outcome === "decisiveVictory") {
      this.damage = tgt.hp;
      defeatByDecisiveVictory(tgt);
      this.targetChanged = true;
      return;
    }
    if (!toHit.hit) {
      this.owed = toHit.owed;
      return;
    }
    const dmg = rollDamage(att, tgt, decl, toHit.multiplier, rules, roller, null);
    const before = tgt.hp;
    takeHit(tgt, dmg, decl.aim, round);
    this.damage = before - tgt.hp;
    this.targetChanged = true;
  }
}

export interface EscalationAttackResult {
  readonly outcome: EscalationOutcome;
  readonly attacker: EscalationCombatant;
  readonly target: EscalationCombatant;
  /** Hit points the target lost. */
  readonly damage: number;
  /** What the target may now take against the attacker: call again with kind freeHit / freeCritical. */
  readonly owed: "none" | "freeHit" | "freeCritical";
}

/**
 * One whole escalation attack with default choices, on copies: the units handed in are never changed, and come
 * back as they were when the attack left them alone. It does not check actions (the caller runs the turn) but does
 * spend a free hit slot for kind freeHit.
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
): EscalationAttackResult {
  const decl = declaration(attacker, target, options.declaration);
  const att: WritableCombatant = { ...attacker };
  const tgt: WritableCombatant = { ...target };
  const r = new EscalationAttackFastRun();
  r.strike(att, tgt, decl, options.round ?? 1, options.rules ?? DEFAULT_ESCALATION_OPTIONS, roller);
  return {
    outcome: r.outcome,
    attacker: r.attackerChanged ? att : attacker,
    target: r.targetChanged ? tgt : target,
    damage: r.damage,
    owed: r.owed,
  };
}
