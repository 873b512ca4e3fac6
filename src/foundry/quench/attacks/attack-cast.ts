import type { RulesetId } from "../../../core/rulesets.js";
import { ACTOR_MODELS } from "../../data/models.js";
import { attackCardFor } from "../../rulesets/index.js";
import { FIXTURE_PREFIX } from "../fixtures/combat-fixture.js";

/**
 * The attacks batch's two actors for each rule set: an attacker with one attack item, and a target. Only the few
 * numbers that make the attack worth seeing (taken from tools/sample-data.ts, which src/ may not import); every other
 * field is the type's initial data, filled in by Foundry's model when the actor is created. Pure.
 */
export interface AttackCast {
  readonly actorType: string;
  readonly attacker: { readonly name: string; readonly system: Readonly<Record<string, unknown>> };
  readonly item: { readonly name: string; readonly type: string; readonly system: Readonly<Record<string, unknown>> };
  readonly target: { readonly name: string; readonly system: Readonly<Record<string, unknown>> };
}

type CastNumbers = Omit<AttackCast, "actorType" | "attacker" | "target"> & {
  readonly attacker: Readonly<Record<string, unknown>>;
  readonly target: Readonly<Record<string, unknown>>;
};

const NUMBERS: Readonly<Record<RulesetId, CastNumbers>> = {
  sections: {
    attacker: { dice: { hit: "d8", miss: "d6", damage: "d8" }, health: { value: 14, max: 18 } },
    item: {
      name: "Boar spear",
      type: "sections-weapon",
      system: { weaponType: "spear", hitDie: "d8", damageDie: "d8" },
    },
    target: { side: "adversary", dice: { hit: "d6", miss: "d6", damage: "d4" }, health: { value: 6, max: 6 } },
  },
  escalation: {
    attacker: { level: 3, agility: 2, accuracy: 3, strength: 1, hp: { value: 22, max: 30 }, mp: { value: 6, max: 12 } },
    item: { name: "Longsword", type: "escalation-weapon", system: { attack: "melee", damage: "1d8", physical: true } },
    target: { agility: 1, hp: { value: 12, max: 12 } },
  },
  teams: {
    attacker: {
      attributes: { strength: "d6", dexterity: "d6" },
      skills: { combat: "d6", athletics: "d4" },
      proficiencies: { finesse: 0, martial: 1, fortitude: 1 },
      endurance: { value: 5, max: 12 },
      health: { value: 7, max: 12 },
    },
    item: {
      name: "Spear",
      type: "teams-weapon",
      system: {
        attributes: ["strength", "dexterity"],
        proficiencies: ["finesse", "martial"],
        damage: 4,
        criticalDamage: 8,
      },
    },
    target: { evasion: 4, endurance: { value: 6, max: 12 }, health: { value: 10, max: 12 } },
  },
  strain: {
    attacker: { side: "pc", initiative: 2, resilience: 1, evasion: 2, fatigue: { load: 0, tolerance: 3 } },
    item: {
      name: "Pinning shot",
      type: "strain-ability",
      system: { kind: "action", attack: "physical", tags: ["ranged"], range: 5, deals: "fatigue" },
    },
    target: {
      side: "npc",
      resilience: 0,
      evasion: 0,
      fatigue: { load: 0, tolerance: 3 },
      stress: { load: 0, tolerance: 3 },
    },
  },
  factions: {
    attacker: { faction: "Players", str: 10, agi: 11, wit: 12, health: { value: 8, max: 12 }, armour: 2 },
    item: { name: "Sword", type: "factions-weapon", system: { damageDie: "d8" } },
    target: { faction: "Bandits", str: 10, agi: 10, wit: 8, health: { value: 10, max: 10 }, armour: 0 },
  },
};

/** The rule set's cast, its actor type and attack item type checked against what Fray registers. */
export function attackCastFor(ruleset: RulesetId): AttackCast {
  const numbers = NUMBERS[ruleset];
  const actorType = ACTOR_MODELS.find((m) => m.ruleset === ruleset)?.type;
  if (!actorType) throw new Error(`no actor type in the rule set ${ruleset}`);
  if (!attackCardFor(ruleset)?.attackItems.includes(numbers.item.type))
    throw new Error(`${numbers.item.type} makes no attack in the rule set ${ruleset}`);
  return {
    actorType,
    attacker: { name: `${FIXTURE_PREFIX} Attacker`, system: numbers.attacker },
    item: { ...numbers.item, name: `${FIXTURE_PREFIX} ${numbers.item.name}` },
    target: { name: `${FIXTURE_PREFIX} Target`, system: numbers.target },
  };
}
