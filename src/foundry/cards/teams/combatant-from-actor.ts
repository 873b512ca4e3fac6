import { cheatDeathDifficulty, teamsCombatant, type TeamsCombatant, type TeamsItem } from "../../../core/attack/teams/combatant.js";
import type { TestPool } from "../../../core/dice/advantage.js";
import type { Refusal } from "../../../core/shared/outcome.js";
import type { CardActor, CardItem } from "../attack-ruleset.js";
import { SystemReader } from "./read-system.js";
import type { AttackerDice } from "./weapon-from-item.js";

/** The actor type the teams card reads (src/foundry/data/specs/teams-character.ts). */
export const TEAMS_ACTOR = "teams-character";

/** What the turn order knows and the sheet does not, given by the card's options. */
export interface FightFacts {
  readonly team: string;
  /** TEAM-35: reactions left this round (the turn order counts them; 1 when not told). */
  readonly reactions?: number;
  /** TEAM-54: attacks already made this round. */
  readonly attacksThisRound?: number;
  /** TEAM-22 Guard, TEAM-25 Seek Cover: until the character's next turn. */
  readonly guarding?: boolean;
  readonly inCover?: boolean;
}

/** A character's statistics as its sheet stores them, read once. */
interface Sheet {
  readonly dice: AttackerDice;
  readonly athletics: number | null;
  readonly fortitude: number;
}

/** The dice of a test: attribute and skill (a blank skill adds no die), and the proficiency as the bonus. */
function test(dice: readonly (number | null)[], modifier: number): TestPool {
  return { dice: dice.filter((s): s is number => s !== null), modifier };
}

/**
 * The defence tests. TEAM-68 gives fortify: strength + athletics + fortitude. The text gives no dice for dodge;
 * the card reads it as dexterity + athletics + finesse. The sheet has no mental attribute, so resist (offered only
 * against a mental effect, which no sheet item declares) uses the dodge dice.
 */
function defences(s: Sheet): Pick<TeamsCombatant, "dodge" | "fortify" | "resist"> {
  const dodge = test([s.dice.attributes.dexterity, s.athletics], s.dice.proficiencies.finesse);
  return { dodge, fortify: test([s.dice.attributes.strength, s.athletics], s.fortitude), resist: dodge };
}

/** TEAM-40/43/44: the items a character may block or parry with: its weapons and its shields (the sheet has no "wielded"). */
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

function readSheet(r: SystemReader): Sheet {
  return {
    dice: {
      attributes: { strength: r.die("attributes.strength"), dexterity: r.die("attributes.dexterity") },
      combat: r.die("skills.combat", true),
      proficiencies: { finesse: r.whole("proficiencies.finesse", 0), martial: r.whole("proficiencies.martial", 0) },
    },
    athletics: r.die("skills.athletics", true),
    fortitude: r.whole("proficiencies.fortitude", 0),
  };
}

/** The card's reading of one teams-character: its sheet's numbers under the pipeline's names. */
export interface ActorReading {
  readonly combatant: TeamsCombatant;
  readonly dice: AttackerDice;
  /** TEAM-50: the luck die's sides. */
  readonly luckDie: number;
}

/** A teams-character as the pipeline's combatant, or a refusal naming the first field its data lacks. */
export function combatantFromActor(actor: CardActor, facts: FightFacts): ActorReading | Refusal {
  const r = new SystemReader(actor.system, actor.name);
  const sheet = readSheet(r);
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
    deflection: { physical: r.whole("damageReduction.physical", 0), elemental: r.whole("damageReduction.elemental", 0) },
    cheatDeathDifficulty: cheatDeathDifficulty(r.whole("timesCheatedDeath", 0)),
    prone: r.flag("conditions.prone"),
    condition: r.flag("conditions.unconscious") ? "unconscious" : "active",
  } as const;
  const luckDie = r.die("luckDie") ?? 20;
  if (r.refusal) return r.refusal;
  const wielded = wieldedItems(actor.items);
  if (wielded.refusal) return wielded.refusal;
  const fight = {
    reactions: facts.reactions ?? 1,
    attacksThisRound: facts.attacksThisRound ?? 0,
    guarding: facts.guarding ?? false,
    inCover: facts.inCover ?? false,
  };
  return { combatant: teamsCombatant({ ...c, ...defences(sheet), ...fight, items: wielded.items }), dice: sheet.dice, luckDie };
}
