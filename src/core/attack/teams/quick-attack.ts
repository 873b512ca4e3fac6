import type { Roller } from "../../shared/roller.js";
import { copyCombatant, type TeamsCombatant } from "./combatant.js";
import { teamsDamage } from "./damage.js";
import { teamsDeclaration, type TeamsDeclaration } from "./declaration.js";
import { canFortify, quickFortify, riskDeath, suffer } from "./health.js";
import { DEFAULT_TEAMS_OPTIONS, type TeamsOptions } from "./options.js";
import { checkTeamsToHit } from "./to-hit.js";

/** No misfire neighbours are known to the quick resolver. */
const noNeighbours = (): undefined => undefined;

export type TeamsOutcome = "miss" | "hit" | "critical";

export interface QuickTeamsResult {
  readonly outcome: TeamsOutcome;
  readonly attacker: TeamsCombatant;
  readonly target: TeamsCombatant;
  /** What reached the target's endurance and health. */
  readonly damage: number;
  readonly died: boolean;
}

/**
 * One whole teams attack with default choices, for the encounter simulator: no reactions, fortify to
 * stay conscious when able, the death luck test when due. No misfire (no neighbours are known here).
 */
export function resolveTeamsAttack(
  attacker: TeamsCombatant,
  target: TeamsCombatant,
  roller: Roller,
  options: {
    readonly declaration?: Partial<Omit<TeamsDeclaration, "attacker" | "target" | "adjacent">>;
    readonly rules?: TeamsOptions;
  } = {},
): QuickTeamsResult {
  const rules = options.rules ?? DEFAULT_TEAMS_OPTIONS;
  const decl = teamsDeclaration(attacker, target, options.declaration);
  const toHit = checkTeamsToHit(attacker, target, decl, roller, rules, noNeighbours);
  const att = copyCombatant(attacker);
  att.attacksThisRound = attacker.attacksThisRound + 1;
  if (!toHit.hit) return { outcome: "miss", attacker: att, target, damage: 0, died: false };
  const dmg = teamsDamage(attacker, target, decl.weapon, toHit, rules, 0, null);
  const s = suffer(target, dmg.dealt, decl.weapon.nonlethal, rules);
  let t = s.combatant;
  if (s.mustFortify) {
    if (canFortify(t)) t = quickFortify(t, roller);
    else {
      const out = copyCombatant(t);
      out.condition = "unconscious";
      t = out;
    }
  }
  if (s.risksDeath) t = riskDeath(t, roller, rules).combatant;
  return {
    outcome: toHit.critical ? "critical" : "hit",
    attacker: att,
    target: t,
    damage: s.toEndurance + s.toHealth,
    died: t.condition === "dead",
  };
}
