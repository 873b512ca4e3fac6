import type { TestPool } from "../../dice/advantage.js";
import { refuse, type Refusal } from "../../shared/outcome.js";
import { shown } from "../../shared/shown.js";
import type { TeamsCombatant } from "./combatant.js";

export const TEAMS_ATTRIBUTES = ["strength", "dexterity"] as const;
export const TEAMS_PROFICIENCIES = ["finesse", "martial"] as const;
export type TeamsAttribute = (typeof TEAMS_ATTRIBUTES)[number];
export type TeamsProficiency = (typeof TEAMS_PROFICIENCIES)[number];

/** What a character's tests are made of: attribute and skill dice (sides; null for a blank skill) and proficiencies. */
export interface TeamsStats {
  readonly attributes: Readonly<Record<TeamsAttribute, number | null>>;
  readonly combat: number | null;
  readonly athletics: number | null;
  readonly proficiencies: Readonly<Record<TeamsProficiency, number>>;
  readonly fortitude: number;
}

/** What a weapon lists for its attack test (TEAM-46). */
export interface ListedForAttack {
  readonly attributes: readonly TeamsAttribute[];
  readonly proficiencies: readonly TeamsProficiency[];
}

/** The attacker's picks among them; unpicked is undefined. */
export interface AttackPicks {
  readonly attribute?: unknown;
  readonly proficiency?: unknown;
}

/** The dice of a test (a blank skill adds no die) and its bonus. */
function pool(dice: readonly (number | null)[], modifier: number): TestPool {
  return { dice: dice.filter((s): s is number => s !== null), modifier };
}

/**
 * The picked value when listed; unpicked, the largest listed (TEAM-47: Boudica's strength and martial); null for none.
 */
function pick<K extends string>(listed: readonly K[], values: Readonly<Record<K, number>>, picked: unknown): K | null {
  if (picked !== undefined) return (listed as readonly unknown[]).includes(picked) ? (picked as K) : null;
  let best: K | null = null;
  for (const k of listed) if (best === null || values[k] > values[best]) best = k;
  return best;
}

function notListed(weapon: string, option: string, value: unknown): Refusal {
  return refuse("TeamsCardNotListed", `${weapon} does not list ${shown(value)} for its attack test`, "TEAM-46", {
    item: weapon,
    option,
    value: shown(value),
  });
}

/**
 * TEAM-46: the attack test is one of the weapon's listed attributes, plus the combat skill, plus a relevant
 * proficiency. The attacker picks them; unpicked, the largest die and the largest proficiency are taken.
 */
export function attackTestPool(
  weapon: string,
  stats: TeamsStats,
  listed: ListedForAttack,
  picks: AttackPicks,
): TestPool | Refusal {
  const dice: Record<TeamsAttribute, number> = {
    strength: stats.attributes.strength ?? 0,
    dexterity: stats.attributes.dexterity ?? 0,
  };
  const attribute = pick(listed.attributes, dice, picks.attribute);
  if (attribute === null && picks.attribute !== undefined) return notListed(weapon, "attribute", picks.attribute);
  if (attribute === null)
    return refuse("TeamsCardNoAttribute", `${weapon} lists no attribute for its attack test`, "TEAM-46", {
      item: weapon,
    });
  const proficiency = pick(listed.proficiencies, stats.proficiencies, picks.proficiency);
  if (proficiency === null && picks.proficiency !== undefined)
    return notListed(weapon, "proficiency", picks.proficiency);
  return pool([stats.attributes[attribute], stats.combat], proficiency === null ? 0 : stats.proficiencies[proficiency]);
}

/**
 * The defence tests. TEAM-68 gives fortify: strength + athletics + fortitude. The text gives no dice for dodge
 * (TEAM-36 ruling: dexterity + athletics + finesse), and no mental attribute for resist (TEAM-38 ruling: the dodge
 * dice).
 */
export function defenceTests(s: TeamsStats): Pick<TeamsCombatant, "dodge" | "fortify" | "resist"> {
  const dodge = pool([s.attributes.dexterity, s.athletics], s.proficiencies.finesse);
  return { dodge, fortify: pool([s.attributes.strength, s.athletics], s.fortitude), resist: dodge };
}
