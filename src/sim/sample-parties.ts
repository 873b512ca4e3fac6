import {
  escalationCombatant,
  type EscalationCombatant,
  type EscalationWeapon,
} from "../core/attack/escalation/index.js";
import type { FactionsCharacter, FactionsWeapon } from "../core/attack/factions/index.js";
import { NOT_INCANTING, type SectionsCombatant } from "../core/attack/sections/index.js";
import { teamsCombatant, type TeamsCombatant, type TeamsWeapon } from "../core/attack/teams/index.js";
import type { RulesetId } from "../core/index.js";
import type { SimMembers, SimParties, SimStrainMember } from "./types.js";

/**
 * The two sample parties of each rule set, four against four, as plain data (docs/simulator.md lists them).
 * They are roughly matched, so the default report shows mostly the rules' own bias (who goes first, and so on).
 */

// ---------------------------------------------------------------- sections

function sec(
  id: string,
  hp: number,
  hitDie: number,
  missDie: number,
  damageDie: number,
  damageBonus: number,
  weaponType: string,
): SectionsCombatant {
  return {
    id,
    hp,
    hitDie,
    missDie,
    damageDie,
    damageBonus,
    weaponType,
    conditions: [],
    interrupts: 0,
    incantation: NOT_INCANTING,
  };
}

const SECTIONS: SimParties<SectionsCombatant> = {
  a: {
    name: "Wardens",
    members: [
      sec("warden-knight", 20, 8, 10, 8, 1, "sword"),
      sec("warden-spear", 16, 10, 8, 6, 1, "spear"),
      sec("warden-cleric", 14, 6, 8, 6, 0, "mace"),
      sec("warden-scout", 12, 10, 8, 6, 0, "dagger"),
    ],
  },
  b: {
    name: "Marauders",
    members: [
      sec("marauder-brute", 22, 8, 6, 10, 1, "axe"),
      sec("marauder-blade", 14, 8, 8, 8, 0, "sword"),
      sec("marauder-knife", 14, 10, 8, 6, 0, "dagger"),
      sec("marauder-hook", 14, 8, 8, 6, 1, "spear"),
    ],
  },
};

// ---------------------------------------------------------------- escalation

const escWeapon = (name: string, sides: number, modifier = 0): EscalationWeapon => ({
  name,
  dice: 1,
  sides,
  modifier,
  melee: true,
  physical: true,
});

function esc(
  id: string,
  accuracy: number,
  agility: number,
  strength: number,
  hp: number,
  armor: number,
  weapon: EscalationWeapon,
): EscalationCombatant {
  return escalationCombatant({ id, accuracy, agility, strength, hp, armor, weapon });
}

const ESCALATION: SimParties<SimMembers["escalation"]> = {
  a: {
    name: "Company",
    members: [
      esc("company-fighter", 3, 1, 2, 30, 2, escWeapon("longsword", 8)),
      esc("company-duelist", 4, 3, 0, 22, 1, escWeapon("rapier", 6, 1)),
      esc("company-brawler", 2, 1, 3, 28, 1, escWeapon("maul", 10)),
      esc("company-mystic", 3, 2, 0, 20, 0, escWeapon("staff", 6, 2)),
    ],
  },
  b: {
    name: "Warband",
    members: [
      esc("warband-chief", 3, 0, 3, 34, 1, escWeapon("greataxe", 12)),
      esc("warband-goblin-1", 3, 2, 0, 20, 1, escWeapon("shortsword", 6, 1)),
      esc("warband-goblin-2", 3, 2, 0, 20, 1, escWeapon("shortsword", 6, 1)),
      esc("warband-shaman", 2, 1, 1, 24, 0, escWeapon("club", 8)),
    ],
  },
};

// ---------------------------------------------------------------- teams

const teamsWeapon = (
  name: string,
  dice: readonly number[],
  modifier: number,
  damage: number,
  criticalDamage: number,
  criticalThreshold: number,
  damageType: TeamsWeapon["damageType"],
): TeamsWeapon => ({
  name,
  attack: { dice, modifier },
  damage,
  criticalDamage,
  criticalThreshold,
  damageType,
  delivery: "melee",
  nonlethal: false,
});

function tms(
  id: string,
  endurance: number,
  health: number,
  constitution: number,
  evasion: number,
  physical: number,
  elemental: number,
  weapon: TeamsWeapon,
): TeamsCombatant {
  return teamsCombatant({ id, endurance, health, constitution, evasion, deflection: { physical, elemental }, weapon });
}

const TEAMS: SimParties<SimMembers["teams"]> = {
  a: {
    name: "Players",
    members: [
      tms("players-boudica", 12, 12, 4, 6, 4, 0, teamsWeapon("spear", [6, 6], 1, 4, 8, 19, "piercing")),
      tms("players-roland", 14, 12, 5, 5, 5, 1, teamsWeapon("sword", [6, 6], 0, 5, 9, 19, "slashing")),
      tms("players-clementine", 10, 10, 4, 7, 3, 0, teamsWeapon("rapier", [8, 6], 0, 3, 7, 18, "piercing")),
      tms("players-agnessa", 10, 10, 3, 7, 2, 0, teamsWeapon("hatchet", [6, 6], 1, 3, 6, 19, "slashing")),
    ],
  },
  b: {
    name: "Guards",
    members: [
      tms("guards-captain", 14, 12, 5, 6, 5, 0, teamsWeapon("halberd", [6, 6], 1, 5, 9, 19, "slashing")),
      tms("guards-1", 12, 10, 4, 6, 4, 0, teamsWeapon("spear", [6, 6], 0, 4, 8, 19, "piercing")),
      tms("guards-2", 12, 10, 4, 6, 4, 0, teamsWeapon("spear", [6, 6], 0, 4, 8, 19, "piercing")),
      tms("guards-3", 12, 10, 4, 6, 4, 0, teamsWeapon("club", [6, 6], 0, 4, 7, 20, "bludgeoning")),
    ],
  },
};

// ---------------------------------------------------------------- strain

function str(
  id: string,
  art: number,
  resilience: number,
  evasion: number,
  fatigueTolerance: number,
  initiative: number,
): SimStrainMember {
  return {
    id,
    arts: { Blade: art },
    resilience,
    evasion,
    resolve: 1,
    fatigueLoad: 0,
    fatigueTolerance,
    stressLoad: 0,
    stressTolerance: 4,
    wounds: 0,
    statuses: {},
    stance: null,
    incapacitated: false,
    removed: false,
    buff: null,
    initiative,
  };
}

const STRAIN: SimParties<SimStrainMember> = {
  a: {
    name: "PCs",
    members: [
      str("pc-vanguard", 3, 1, 0, 3, 1),
      str("pc-skirmisher", 3, 0, 1, 2, 2),
      str("pc-warden", 2, 1, 0, 3, 0),
      str("pc-adept", 3, 0, 0, 2, 1),
    ],
  },
  b: {
    name: "NPCs",
    members: [
      str("npc-bruiser", 3, 1, 0, 3, 0),
      str("npc-cutthroat", 3, 0, 1, 2, 2),
      str("npc-sentry", 2, 1, 0, 3, 1),
      str("npc-zealot", 3, 0, 0, 2, 1),
    ],
  },
};

// ---------------------------------------------------------------- factions

const facWeapon = (name: string, damageDie: number): FactionsWeapon => ({
  name,
  damageDie,
  damaged: false,
  improvised: false,
  unarmed: false,
});

function fac(
  id: string,
  wit: number,
  health: number,
  armour: number,
  shield: number,
  w: FactionsWeapon,
): FactionsCharacter {
  return {
    id,
    faction: "",
    wit,
    agi: 10,
    str: 10,
    health,
    armour,
    armourDamaged: false,
    shield: shield > 0 ? { damaged: false, armour: shield } : null,
    weapon: w,
    turnUsed: false,
    aware: true,
    concealed: false,
    incapacitated: false,
    dead: false,
    surrendering: false,
    grabbing: null,
    grabbedBy: null,
  };
}

const FACTIONS: SimParties<FactionsCharacter> = {
  a: {
    name: "Players",
    members: [
      fac("players-balthasar", 12, 10, 1, 1, facWeapon("sword", 8)),
      fac("players-theobald", 9, 12, 2, 0, facWeapon("mace", 8)),
      fac("players-sybilla", 6, 8, 0, 0, facWeapon("spear", 10)),
      fac("players-hedwig", 10, 9, 1, 0, facWeapon("axe", 8)),
    ],
  },
  b: {
    name: "Bandits",
    members: [
      fac("bandit-leader", 10, 12, 1, 1, facWeapon("sword", 8)),
      fac("bandit-1", 8, 9, 1, 0, facWeapon("spear", 8)),
      fac("bandit-2", 8, 9, 1, 0, facWeapon("axe", 8)),
      fac("bandit-3", 8, 9, 0, 0, facWeapon("club", 10)),
    ],
  },
};

export const SAMPLE_PARTIES: { readonly [R in RulesetId]: SimParties<SimMembers[R]> } = {
  sections: SECTIONS,
  escalation: ESCALATION,
  teams: TEAMS,
  strain: STRAIN,
  factions: FACTIONS,
};
