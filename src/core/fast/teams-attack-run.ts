import { testTotal } from "../dice/advantage.js";
import { copyCombatant, defenceTest, type TeamsCombatant, type WritableCombatant } from "../attack/teams/combatant.js";
import { teamsDamage } from "../attack/teams/damage.js";
import { teamsDeclaration, type TeamsDeclaration } from "../attack/teams/declaration.js";
import { canFortify, fortified, riskDeath, suffer } from "../attack/teams/health.js";
import { DEFAULT_TEAMS_OPTIONS, type TeamsOptions } from "../attack/teams/options.js";
import { checkTeamsToHit } from "../attack/teams/to-hit.js";
import type { Roller } from "../shared/roller.js";

/** No misfire neighbours are known to the fast run (TEAM-52 needs the map). */
const noNeighbours = (): undefined => undefined;

export type TeamsOutcome = "miss" | "hit" | "critical";

/** What a strike may be told beyond its two combatants. */
export interface TeamsAttackOptions {
  readonly declaration?: Partial<Omit<TeamsDeclaration, "attacker" | "target" | "adjacent">>;
  readonly rules?: TeamsOptions;
}

const NO_OPTIONS: TeamsAttackOptions = {};

/**
 * The teams attack driven fast: one attack with default choices on two combatants its caller owns (the simulator's
 * fight keeps its own copies), changed in place by the attack's rules: no reactions, fortify to stay conscious when
 * able, the death luck test when due, no misfire (no neighbours are known). The attacker counts the attack
 * (TEAM-54); the target takes the harm (TEAM-64), its fortify (TEAM-67) and its luck test against death (TEAM-70).
 * What the last attack did stays in the run's fields, one run a fight. test/core/fast/teams-attack-run.test.ts
 * holds it to the attack card.
 */
export class TeamsAttackFastRun {
  outcome: TeamsOutcome = "miss";

  /** One attack by `attacker` on `target`, two distinct combatants the caller owns: what it did is in the fields. */
  strike(attacker: WritableCombatant, target: WritableCombatant, options: TeamsAttackOptions, roller: Roller): void {
    const rules = options.rules ?? DEFAULT_TEAMS_OPTIONS;
    const decl = teamsDeclaration(attacker, target, options.declaration);
    const toHit = checkTeamsToHit(attacker, target, decl, roller, rules, noNeighbours);
    if (!toHit.hit) {
      attacker.attacksThisRound += 1;
      this.outcome = "miss";
      return;
    }
    const dmg = teamsDamage(attacker, target, decl.weapon, toHit, rules, 0, null);
    attacker.attacksThisRound += 1;
    const s = suffer(target, dmg.dealt, decl.weapon.nonlethal, rules);
    if (s.mustFortify) {
      // The fortify test's total alone (the card's fortifyToStayConscious rolls it with its roll to show).
      if (canFortify(target)) fortified(target, testTotal(roller, defenceTest(target, "fortify")));
      else target.condition = "unconscious";
    }
    if (s.risksDeath) riskDeath(target, roller, rules);
    this.outcome = toHit.critical ? "critical" : "hit";
  }
}

export interface TeamsAttackResult {
  readonly outcome: TeamsOutcome;
  readonly attacker: TeamsCombatant;
  readonly target: TeamsCombatant;
  /** What reached the target's endurance and health. */
  readonly damage: number;
  readonly died: boolean;
}

/** One whole teams attack with default choices, on copies: the combatants handed in are never changed. */
export function resolveTeamsAttack(
  attacker: TeamsCombatant,
  target: TeamsCombatant,
  roller: Roller,
  options: TeamsAttackOptions = NO_OPTIONS,
): TeamsAttackResult {
  const att = copyCombatant(attacker);
  const t = copyCombatant(target);
  const r = new TeamsAttackFastRun();
  r.strike(att, t, options, roller);
  return {
    outcome: r.outcome,
    attacker: att,
    target: t,
    damage: target.endurance - t.endurance + (target.health - t.health),
    died: t.condition === "dead",
  };
}
