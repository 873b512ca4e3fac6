import { DAMAGE_TYPES, type TeamsWeapon } from "../../../core/attack/teams/combatant.js";
import type { TestPool } from "../../../core/dice/advantage.js";
import { refuse, type Refusal } from "../../../core/shared/outcome.js";
import { shown } from "../../../core/shared/shown.js";
import type { CardItem } from "../attack-ruleset.js";
import { SystemReader } from "./read-system.js";

/** The teams-weapon spec's closed lists (src/foundry/data/specs/teams-weapon.ts). */
const ATTRIBUTES = ["strength", "dexterity"] as const;
const PROFICIENCIES = ["finesse", "martial"] as const;
const TAGS = ["thrown", "projectile", "reach", "block", "nonlethal"] as const;

type Attribute = (typeof ATTRIBUTES)[number];
type Proficiency = (typeof PROFICIENCIES)[number];

/** What the attacker brings to a weapon's attack test: its attribute and skill dice, its proficiencies. */
export interface AttackerDice {
  readonly attributes: Readonly<Record<Attribute, number | null>>;
  readonly combat: number | null;
  readonly proficiencies: Readonly<Record<Proficiency, number>>;
}

/** The attacker's picks among the weapon's attributes and proficiencies (card options `attribute`, `proficiency`). */
export interface AttackPicks {
  readonly attribute?: unknown;
  readonly proficiency?: unknown;
}

/** The picked value when given, or the largest listed (TEAM-47: Boudica chooses strength and martial). */
function pick<K extends string>(listed: readonly K[], values: Readonly<Record<K, number>>, picked: unknown): K | null {
  if (picked !== undefined) return (listed as readonly unknown[]).includes(picked) ? (picked as K) : null;
  let best: K | null = null;
  for (const k of listed) if (best === null || values[k] > values[best]) best = k;
  return best;
}

function notListed(item: CardItem, option: string, value: unknown): Refusal {
  return refuse("TeamsCardNotListed", `${item.name} does not list ${shown(value)} for its attack test`, "TEAM-46", {
    item: item.name,
    option,
    value: shown(value),
  });
}

/**
 * TEAM-46: the attack test is one of the weapon's listed attributes, plus the combat skill, plus a relevant
 * proficiency. The attacker picks them; unpicked, the card takes the largest die and the largest proficiency.
 */
export function attackTest(
  item: CardItem,
  attacker: AttackerDice,
  listed: { readonly attributes: readonly Attribute[]; readonly proficiencies: readonly Proficiency[] },
  picks: AttackPicks,
): TestPool | Refusal {
  const dice: Record<Attribute, number> = { strength: attacker.attributes.strength ?? 0, dexterity: attacker.attributes.dexterity ?? 0 };
  const attribute = pick(listed.attributes, dice, picks.attribute);
  if (attribute === null && picks.attribute !== undefined) return notListed(item, "attribute", picks.attribute);
  if (attribute === null)
    return refuse("TeamsCardNoAttribute", `${item.name} lists no attribute for its attack test`, "TEAM-46", { item: item.name });
  const proficiency = pick(listed.proficiencies, attacker.proficiencies, picks.proficiency);
  if (proficiency === null && picks.proficiency !== undefined) return notListed(item, "proficiency", picks.proficiency);
  const pool = [attacker.attributes[attribute], attacker.combat].filter((s): s is number => s !== null);
  return { dice: pool, modifier: proficiency === null ? 0 : attacker.proficiencies[proficiency] };
}

/** A teams-weapon item's numbers as the pipeline's weapon (TEAM-46..52, TEAM-62/63, TEAM-73). */
export function weaponFromItem(item: CardItem, attacker: AttackerDice, picks: AttackPicks): TeamsWeapon | Refusal {
  const r = new SystemReader(item.system, item.name);
  const listed = { attributes: r.tags("attributes", ATTRIBUTES), proficiencies: r.tags("proficiencies", PROFICIENCIES) };
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
  const attack = attackTest(item, attacker, listed, picks);
  if ("ok" in attack) return attack;
  return { ...weapon, attack };
}
