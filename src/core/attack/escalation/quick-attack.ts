import type { Roller } from "../../shared/roller.js";
import type { EscalationCombatant } from "./combatant.js";
import { blankDamage, rollDamageInto, takeHitInPlace, type EscalationDamage, type WritableCombatant } from "./damage.js";
import { declaration, type EscalationDeclaration } from "./declaration.js";
import { DEFAULT_ESCALATION_OPTIONS, type EscalationOptions } from "./options.js";
import { blankToHit, rollToHitInto, type EscalationOutcome, type EscalationToHit } from "./to-hit.js";

export interface QuickEscalationResult {
  readonly outcome: EscalationOutcome;
  readonly attacker: EscalationCombatant;
  readonly target: EscalationCombatant;
  /** Hit points the target lost. */
  readonly damage: number;
  /** What the target may now take against the attacker: call again with kind freeHit / freeCritical. */
  readonly owed: "none" | "freeHit" | "freeCritical";
}

/** What strikeInPlace did, written into a record its caller keeps (one per fight: no new object per attack). */
export interface EscalationStrike {
  outcome: EscalationOutcome;
  /** Hit points the target lost. */
  damage: number;
  owed: "none" | "freeHit" | "freeCritical";
  /** Whether the attacker (a free hit's slot, a fatal tragedy) or the target (a hit, a decisive victory) changed. */
  attackerChanged: boolean;
  targetChanged: boolean;
  /** The last attack's roll and damage, filled in place (rollToHitInto, rollDamageInto): no new records per attack. */
  readonly toHit: { -readonly [K in keyof EscalationToHit]: EscalationToHit[K] };
  readonly damageRoll: { -readonly [K in keyof EscalationDamage]: EscalationDamage[K] };
}

/** A fresh record for strikeInPlace to write into. */
export function escalationStrike(): EscalationStrike {
  return {
    outcome: "miss",
    damage: 0,
    owed: "none",
    attackerChanged: false,
    targetChanged: false,
    toHit: blankToHit(),
    damageRoll: blankDamage(),
  };
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
  const decl = declaration(attacker, target, options.declaration);
  // The rule is strikeInPlace's, on copies: the units handed in are never changed, and come back when unchanged.
  const att: WritableCombatant = { ...attacker };
  const tgt: WritableCombatant = { ...target };
  const r = escalationStrike();
  strikeInPlace(att, tgt, decl, options.round ?? 1, options.rules ?? DEFAULT_ESCALATION_OPTIONS, roller, r);
  return {
    outcome: r.outcome,
    attacker: r.attackerChanged ? att : attacker,
    target: r.targetChanged ? tgt : target,
    damage: r.damage,
    owed: r.owed,
  };
}

/**
 * resolveEscalationAttack's attack on the units themselves (their owner's own copies, the simulator's units), its
 * answer written to `r`: ESC-42 the free hit's slot, ESC-14/27..36 the roll, ESC-36 a fatal tragedy kills the
 * attacker, ESC-33 a decisive victory defeats the target, else the damage (ESC-15..24) is taken.
 */
export function strikeInPlace(
  att: WritableCombatant,
  tgt: WritableCombatant,
  decl: EscalationDeclaration,
  round: number,
  rules: EscalationOptions,
  roller: Roller,
  r: EscalationStrike,
): void {
  r.attackerChanged = decl.kind === "freeHit";
  r.targetChanged = false;
  r.damage = 0;
  r.owed = "none";
  if (decl.kind === "freeHit") att.freeHitsUsed = att.freeHitsUsed + 1;
  const toHit = r.toHit;
  rollToHitInto(toHit, att, tgt, decl, round, rules, roller, null);
  r.outcome = toHit.outcome;
  if (toHit.outcome === "fatalTragedy") {
    att.hp = 0;
    att.condition = "dead";
    r.attackerChanged = true;
    return;
  }
  if (toHit.outcome === "decisiveVictory") {
    r.damage = tgt.hp;
    tgt.hp = 0;
    tgt.condition = "defeated";
    r.targetChanged = true;
    return;
  }
  if (!toHit.hit) {
    r.owed = toHit.owed;
    return;
  }
  const dmg = r.damageRoll;
  rollDamageInto(dmg, att, tgt, decl, toHit.multiplier, rules, roller, null);
  const before = tgt.hp;
  takeHitInPlace(tgt, dmg, decl.aim, round);
  r.damage = before - tgt.hp;
  r.targetChanged = true;
}
