import type { Roller } from "../../shared/roller.js";
import { copyCombatant, type CombatantDraft, type TeamsCombatant } from "./combatant.js";
import { teamsDamage } from "./damage.js";
import { teamsDeclaration, type TeamsDeclaration } from "./declaration.js";
import { canFortify, quickFortifyIn, riskDeathTest, sufferIn } from "./health.js";
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

/** What resolveTeamsAttack may be told beyond its two combatants. */
export interface TeamsAttackOptions {
  readonly declaration?: Partial<Omit<TeamsDeclaration, "attacker" | "target" | "adjacent">>;
  readonly rules?: TeamsOptions;
}

const NO_OPTIONS: TeamsAttackOptions = {};

/**
 * One whole teams attack with default choices, for the encounter simulator: no reactions, fortify to
 * stay conscious when able, the death luck test when due. No misfire (no neighbours are known here).
 * The combatants given are never changed: the result holds changed copies (quickTeamsAttackIn on them).
 */
export function resolveTeamsAttack(
  attacker: TeamsCombatant,
  target: TeamsCombatant,
  roller: Roller,
  options: TeamsAttackOptions = NO_OPTIONS,
): QuickTeamsResult {
  const att = copyCombatant(attacker);
  const t = copyCombatant(target);
  const outcome = quickTeamsAttackIn(att, t, roller, options);
  return {
    outcome,
    attacker: att,
    target: t,
    damage: target.endurance - t.endurance + (target.health - t.health),
    died: t.condition === "dead",
  };
}

/**
 * resolveTeamsAttack written into the two combatants themselves, for the simulator, whose combatants are its own
 * copies: the same rules and dice in the same order, and no combatant copied (two copies an attack were most of the
 * garbage of a teams fight). The attacker counts the attack (TEAM-54); the target takes the harm, its fortify to stay
 * conscious (TEAM-67) and its luck test against death (TEAM-70). They must be two distinct objects.
 */
export function quickTeamsAttackIn(
  attacker: CombatantDraft,
  target: CombatantDraft,
  roller: Roller,
  options: TeamsAttackOptions = NO_OPTIONS,
): TeamsOutcome {
  const rules = options.rules ?? DEFAULT_TEAMS_OPTIONS;
  const decl = teamsDeclaration(attacker, target, options.declaration);
  const toHit = checkTeamsToHit(attacker, target, decl, roller, rules, noNeighbours);
  if (!toHit.hit) {
    attacker.attacksThisRound += 1;
    return "miss";
  }
  const dmg = teamsDamage(attacker, target, decl.weapon, toHit, rules, 0, null);
  attacker.attacksThisRound += 1;
  const s = sufferIn(target, dmg.dealt, decl.weapon.nonlethal, rules);
  if (s.mustFortify) {
    if (canFortify(target)) quickFortifyIn(target, roller);
    else target.condition = "unconscious";
  }
  if (s.risksDeath) riskDeathTest(target, roller, rules);
  return toHit.critical ? "critical" : "hit";
}
