import { FIST, type AimTarget, type EscalationCombatant, type EscalationWeapon } from "./combatant.js";

/**
 * attack: costs 1 AA (ESC-13); extraAttack: MA + 2 BA, no feats, no Strength (ESC-10); freeHit: a slot (ESC-38,
 * ESC-42); freeCritical: the tragedy's (ESC-35).
 */
export type EscalationAttackKind = "attack" | "extraAttack" | "freeHit" | "freeCritical";

export interface EscalationDeclaration {
  readonly attacker: string;
  readonly target: string;
  readonly weapon: EscalationWeapon;
  readonly aim: AimTarget | null;
  /** ESC-16: attacking from behind. */
  readonly flanking: boolean;
  /** ESC-51: attacking while undetected (sneak damage, target flat-footed). */
  readonly undetected: boolean;
  /** ESC-34: the attacker stands in the target's melee zone. */
  readonly inMeleeZone: boolean;
  readonly kind: EscalationAttackKind;
  /** Situational accuracy, e.g. the ESC-09 +1 to hit boost. */
  readonly toHitBonus: number;
  /** Situational melee damage, e.g. the ESC-09 +1 damage boost. */
  readonly damageBoost: number;
}

export function declaration(
  attacker: EscalationCombatant,
  target: EscalationCombatant,
  d: Partial<Omit<EscalationDeclaration, "attacker" | "target">> = {},
): EscalationDeclaration {
  // ESC-49 ruling: a disarmed unit fights unarmed unless the declaration names another weapon
  const weapon = d.weapon ?? (attacker.disarmed ? FIST : attacker.weapon);
  return {
    attacker: attacker.id,
    target: target.id,
    weapon,
    aim: d.aim ?? null,
    flanking: d.flanking ?? false,
    undetected: d.undetected ?? false,
    inMeleeZone: d.inMeleeZone ?? weapon.melee,
    kind: d.kind ?? "attack",
    toHitBonus: d.toHitBonus ?? 0,
    damageBoost: d.damageBoost ?? 0,
  };
}
