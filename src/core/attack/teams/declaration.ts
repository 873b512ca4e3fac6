import type { TeamsCombatant, TeamsWeapon } from "./combatant.js";

export interface TeamsDeclaration {
  readonly attacker: string;
  readonly target: string;
  readonly weapon: TeamsWeapon;
  /** TEAM-56: the target cannot see the attacker. */
  readonly sneak: boolean;
  /** TEAM-57: the target is surrounded on two opposite sides. */
  readonly flanking: boolean;
  /** Other sources of advantage and disadvantage (TEAM-25 cover, TEAM-30 prone, ...). */
  readonly advantages: number;
  readonly disadvantages: number;
  /** TEAM-52: characters within 1m of the target, who a misfire may hit instead. */
  readonly adjacent: readonly string[];
  /** An on-hit effect Fortify (physical, TEAM-37) or Resist (mental, TEAM-38) may prevent. */
  readonly effect: { readonly name: string; readonly kind: "physical" | "mental" } | null;
}

// Shared defaults, not a new object and list a call: the simulator declares every attack. Both are only read.
const NO_CHOICES: Partial<Omit<TeamsDeclaration, "attacker" | "target">> = {};
const NOBODY: readonly string[] = Object.freeze([]);

export function teamsDeclaration(
  attacker: TeamsCombatant,
  target: TeamsCombatant,
  d: Partial<Omit<TeamsDeclaration, "attacker" | "target">> = NO_CHOICES,
): TeamsDeclaration {
  return {
    attacker: attacker.id,
    target: target.id,
    weapon: d.weapon ?? attacker.weapon,
    sneak: d.sneak ?? false,
    flanking: d.flanking ?? false,
    advantages: d.advantages ?? 0,
    disadvantages: d.disadvantages ?? 0,
    adjacent: d.adjacent ?? NOBODY,
    effect: d.effect ?? null,
  };
}
