import { damageReductionWith, type DamageReduction } from "../../../core/attack/teams/armour.js";
import {
  cheatDeathDifficulty,
  teamsCombatant,
  type TeamsCombatant,
  type TeamsItem,
} from "../../../core/attack/teams/combatant.js";
import { defenceTests, type TeamsStats } from "../../../core/attack/teams/test-pools.js";
import type { Refusal } from "../../../core/shared/outcome.js";
import type { CardActor, CardItem } from "../attack-ruleset.js";
import { SystemReader } from "./read-system.js";

/** The actor type the teams card reads (src/foundry/data/specs/teams/teams-character.ts). */
export const TEAMS_ACTOR = "teams-character";

/** What the turn order knows and the sheet does not, given by the card's options. */
interface FightFacts {
  readonly team: string;
  /** TEAM-35: reactions left this round (the turn order counts them; 1 when not told). */
  readonly reactions?: number;
  /** TEAM-54: attacks already made this round. */
  readonly attacksThisRound?: number;
  /** TEAM-22 Guard, TEAM-25 Seek Cover: until the character's next turn. */
  readonly guarding?: boolean;
  readonly inCover?: boolean;
}

/**
 * TEAM-40/43/44: the items a character may block or parry with: its weapons and its shields (the sheet has no
 * "wielded").
 */
function wieldedItems(items: readonly CardItem[]): { items: TeamsItem[]; refusal: Refusal | null } {
  const out: TeamsItem[] = [];
  for (const item of items) {
    const r = new SystemReader(item.system, item.name);
    const shield = item.type === "teams-armour" && r.choice("kind", ["armour", "shield"]) === "shield";
    const weapon = item.type === "teams-weapon";
    if (!shield && !weapon) continue;
    const blocks = shield || r.tags("tags", ["thrown", "projectile", "reach", "block", "nonlethal"]).includes("block");
    const blockValue = r.whole("blockValue", 0);
    // the sheet's parry value 0 means the item has none (as the weapon spec's derived parry bonus reads it)
    const parryValue = r.whole("parryValue", 0);
    const durability = r.pool("durability").value;
    const metal = r.flag("metal");
    if (r.refusal) return { items: out, refusal: r.refusal };
    out.push({
      id: item.id,
      name: item.name,
      block: blocks ? blockValue : null,
      parry: parryValue > 0 ? parryValue : null,
      durability,
      metal,
    });
  }
  return { items: out, refusal: null };
}

/**
 * TEAM-48: the damage reductions of the character's armour items (shields included), read by the spec's field names.
 */
function armourReductions(items: readonly CardItem[]): { armour: DamageReduction[]; refusal: Refusal | null } {
  const armour: DamageReduction[] = [];
  for (const item of items) {
    if (item.type !== "teams-armour") continue;
    const r = new SystemReader(item.system, item.name);
    armour.push({
      physical: r.whole("damageReduction.physical", 0),
      elemental: r.whole("damageReduction.elemental", 0),
    });
    if (r.refusal) return { armour, refusal: r.refusal };
  }
  return { armour, refusal: null };
}

/** The statistics the tests are made of, as the sheet stores them (the core composes the tests). */
function readStats(r: SystemReader): TeamsStats {
  const attributes = { strength: r.die("attributes.strength"), dexterity: r.die("attributes.dexterity") };
  const combat = r.die("skills.combat", true);
  const proficiencies = { finesse: r.whole("proficiencies.finesse", 0), martial: r.whole("proficiencies.martial", 0) };
  return {
    attributes,
    combat,
    proficiencies,
    athletics: r.die("skills.athletics", true),
    fortitude: r.whole("proficiencies.fortitude", 0),
  };
}

/** The card's reading of one teams-character: its sheet's numbers under the pipeline's names. */
export interface ActorReading {
  readonly combatant: TeamsCombatant;
  readonly dice: TeamsStats;
  /** TEAM-50: the luck die's sides. */
  readonly luckDie: number;
}

/** A teams-character as the pipeline's combatant, or a refusal naming the first field its data lacks. */
export function combatantFromActor(actor: CardActor, facts: FightFacts): ActorReading | Refusal {
  const r = new SystemReader(actor.system, actor.name);
  const stats = readStats(r);
  const endurance = r.pool("endurance");
  const health = r.pool("health");
  const c = {
    id: actor.id,
    name: actor.name,
    team: facts.team,
    size: r.whole("size", 1),
    endurance: endurance.value,
    maxEndurance: endurance.max,
    health: health.value,
    maxHealth: health.max,
    constitution: r.whole("constitution", 0),
    stamina: r.pool("stamina").value,
    focus: r.pool("focus").value,
    evasion: r.whole("evasion", 0),
    cheatDeathDifficulty: cheatDeathDifficulty(r.whole("timesCheatedDeath", 0)),
    prone: r.flag("conditions.prone"),
    condition: r.flag("conditions.unconscious") ? "unconscious" : "active",
  } as const;
  const own = { physical: r.whole("damageReduction.physical", 0), elemental: r.whole("damageReduction.elemental", 0) };
  const luckDie = r.die("luckDie") ?? 20;
  if (r.refusal) return r.refusal;
  const wielded = wieldedItems(actor.items);
  if (wielded.refusal) return wielded.refusal;
  const worn = armourReductions(actor.items);
  if (worn.refusal) return worn.refusal;
  const fight = {
    reactions: facts.reactions ?? 1,
    attacksThisRound: facts.attacksThisRound ?? 0,
    guarding: facts.guarding ?? false,
    inCover: facts.inCover ?? false,
  };
  const deflection = damageReductionWith(own, worn.armour);
  return {
    combatant: teamsCombatant({ ...c, deflection, ...defenceTests(stats), ...fight, items: wielded.items }),
    dice: stats,
    luckDie,
  };
}
