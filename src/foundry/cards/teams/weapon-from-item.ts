import { DAMAGE_TYPES, type TeamsWeapon } from "../../../core/attack/teams/combatant.js";
import {
  attackTestPool,
  TEAMS_ATTRIBUTES,
  TEAMS_PROFICIENCIES,
  type AttackPicks,
  type TeamsStats,
} from "../../../core/attack/teams/test-pools.js";
import type { Refusal } from "../../../core/shared/outcome.js";
import type { CardItem } from "../attack-ruleset.js";
import { SystemReader } from "./read-system.js";

/** The teams-weapon spec's tags (src/foundry/data/specs/teams/teams-weapon.ts). */
const TAGS = ["thrown", "projectile", "reach", "block", "nonlethal"] as const;

/** A teams-weapon item's numbers as the pipeline's weapon (TEAM-46..52, TEAM-62/63, TEAM-73). */
export function weaponFromItem(item: CardItem, attacker: TeamsStats, picks: AttackPicks): TeamsWeapon | Refusal {
  const r = new SystemReader(item.system, item.name);
  const listed = {
    attributes: r.tags("attributes", TEAMS_ATTRIBUTES),
    proficiencies: r.tags("proficiencies", TEAMS_PROFICIENCIES),
  };
  const tags = r.tags("tags", TAGS);
  const weapon = {
    name: item.name,
    damage: r.whole("damage", 0),
    criticalDamage: r.whole("criticalDamage", 0),
    criticalThreshold: r.whole("criticalThreshold", 1),
    damageType: r.choice("damageType", DAMAGE_TYPES),
    delivery: tags.includes("thrown") ? "thrown" : tags.includes("projectile") ? "projectile" : "melee",
    nonlethal: tags.includes("nonlethal"),
  } as const;
  if (r.refusal) return r.refusal;
  // TEAM-46: the core makes the test from what the weapon lists and the attacker picks.
  const attack = attackTestPool(item.name, attacker, listed, picks);
  if ("ok" in attack) return attack;
  return { ...weapon, attack };
}
