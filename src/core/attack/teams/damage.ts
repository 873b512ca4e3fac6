import { damageKind, guardBonus, type TeamsCombatant, type TeamsWeapon } from "./combatant.js";
import type { TeamsOptions } from "./options.js";
import { sizeDifference } from "./to-hit.js";

export interface TeamsDamage {
  /** TEAM-48: test + weapon damage (TEAM-50: critical damage on a critical). */
  readonly base: number;
  readonly kind: "physical" | "elemental" | "typeless";
  readonly reduction: number;
  /** What reaches the character (at least 1 unless all went into a block). */
  readonly dealt: number;
  /** TEAM-40: what the blocking item takes, and TEAM-42 what breaks through to the character. */
  readonly toItem: number;
  readonly excess: number;
}

/**
 * TEAM-48/49 damage = test + weapon damage - matching reduction, at least 1; TEAM-60 size lowers deflection
 * for a larger attacker; TEAM-43 a parry adds to physical deflection; TEAM-40..42 a block.
 */
export function teamsDamage(
  attacker: TeamsCombatant,
  target: TeamsCombatant,
  weapon: TeamsWeapon,
  toHit: { readonly test: number; readonly critical: boolean },
  options: TeamsOptions,
  parryBonus: number,
  block: { readonly value: number; readonly durability: number } | null,
): TeamsDamage {
  const base = toHit.test + (toHit.critical ? weapon.criticalDamage : weapon.damage);
  const kind = damageKind(weapon.damageType);
  const size = sizeDifference(attacker, target);
  // TEAM-22 Guard adds 1 to deflection too (ruling: "all defences")
  const guard = guardBonus(target);
  const raw =
    kind === "physical"
      ? target.deflection.physical + parryBonus + guard
      : kind === "elemental"
        ? target.deflection.elemental + guard
        : options.typelessReduced
          ? target.deflection.physical + guard
          : 0;
  const reduction = Math.max(0, kind === "typeless" && !options.typelessReduced ? 0 : raw - size);
  if (block) {
    const toItem = Math.max(1, base - block.value);
    const over = Math.max(0, toItem - block.durability);
    const excess = options.blockExcessReduced && over > 0 ? Math.max(1, over - reduction) : over;
    return { base, kind, reduction: block.value, dealt: excess, toItem: Math.min(toItem, block.durability), excess };
  }
  return { base, kind, reduction, dealt: Math.max(1, base - reduction), toItem: 0, excess: 0 };
}
