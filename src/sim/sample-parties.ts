import { escalationCombatant, type EscalationWeapon } from "../core/attack/escalation/index.js";
import type { FactionsCharacter, FactionsWeapon } from "../core/attack/factions/index.js";
import { NOT_INCANTING, type SectionsCombatant } from "../core/attack/sections/index.js";
import { teamsCombatant, type TeamsWeapon } from "../core/attack/teams/index.js";
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
  return { id, hp, hitDie, missDie, damageDie, damageBonus, weaponType, conditions: [], interrupts: 0, incantation: NOT_INCANTING };
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

const weapon = (name: string, sides: number, modifier = 0): EscalationWeapon => ({
  name,
  dice: 1,
  sides,
  modifier,
  melee: true,
  physical: true,
});

const ESCALATION: SimParties<SimMembers["escalation"]> = {
  a: {
    name: "Company",
    members: [
      escalationCombatant({
        id: "company-fighter",
        accuracy: 3,
        agility: 1,
        strength: 2,
        hp: 30,
        armor: 2,
        weapon: weapon("longsword", 8),
      }),
      escalationCombatant({
        id: "company-duelist",
        accuracy: 4,
        agility: 3,
        strength: 0,
        hp: 22,
        armor: 1,
        weapon: weapon("rapier", 6, 1),
      }),
      escalationCombatant({ id: "company-brawler", accuracy: 2, agility: 1, strength: 3, hp: 28, armor: 1, weapon: weapon("maul", 10) }),
      escalationCombatant({ id: "company-mystic", accuracy: 3, agility: 2, strength: 0, hp: 20, armor: 0, weapon: weapon("staff", 6, 2) }),
    ],
  },
  b: {
    name: "Warband",
    members: [
      escalationCombatant({ id: "warband-chief", accuracy: 3, agility: 0, strength: 3, hp: 34, armor: 1, weapon: weapon("greataxe", 12) }),
      escalationCombatant({
        id: "warband-goblin-1",
        accuracy: 3,
        agility: 2,
        strength: 0,
        hp: 20,
        armor: 1,
        weapon: weapon("shortsword", 6, 1),
      }),
      escalationCombatant({
        id: "warband-goblin-2",
        accuracy: 3,
        agility: 2,
        strength: 0,
        hp: 20,
        armor: 1,
        weapon: weapon("shortsword", 6, 1),
      }),
      escalationCombatant({ id: "warband-shaman", accuracy: 2, agility: 1, strength: 1, hp: 24, armor: 0, weapon: weapon("club", 8) }),
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

const TEAMS: SimParties<SimMembers["teams"]> = {
  a: {
    name: "Players",
    members: [
      teamsCombatant({
        id: "players-boudica",
        endurance: 12,
        health: 12,
        constitution: 4,
        evasion: 6,
        deflection: { physical: 4, elemental: 0 },
        weapon: teamsWeapon("spear", [6, 6], 1, 4, 8, 19, "piercing"),
      }),
      teamsCombatant({
        id: "players-roland",
        endurance: 14,
        health: 12,
        constitution: 5,
        evasion: 5,
        deflection: { physical: 5, elemental: 1 },
        weapon: teamsWeapon("sword", [6, 6], 0, 5, 9, 19, "slashing"),
      }),
      teamsCombatant({
        id: "players-clementine",
        endurance: 10,
        health: 10,
        constitution: 4,
        evasion: 7,
        deflection: { physical: 3, elemental: 0 },
        weapon: teamsWeapon("rapier", [8, 6], 0, 3, 7, 18, "piercing"),
      }),
      teamsCombatant({
        id: "players-agnessa",
        endurance: 10,
        health: 10,
        constitution: 3,
        evasion: 7,
        deflection: { physical: 2, elemental: 0 },
        weapon: teamsWeapon("hatchet", [6, 6], 1, 3, 6, 19, "slashing"),
      }),
    ],
  },
  b: {
    name: "Guards",
    members: [
      teamsCombatant({
        id: "guards-captain",
        endurance: 14,
        health: 12,
        constitution: 5,
        evasion: 6,
        deflection: { physical: 5, elemental: 0 },
        weapon: teamsWeapon("halberd", [6, 6], 1, 5, 9, 19, "slashing"),
      }),
      teamsCombatant({
        id: "guards-1",
        endurance: 12,
        health: 10,
        constitution: 4,
        evasion: 6,
        deflection: { physical: 4, elemental: 0 },
        weapon: teamsWeapon("spear", [6, 6], 0, 4, 8, 19, "piercing"),
      }),
      teamsCombatant({
        id: "guards-2",
        endurance: 12,
        health: 10,
        constitution: 4,
        evasion: 6,
        deflection: { physical: 4, elemental: 0 },
        weapon: teamsWeapon("spear", [6, 6], 0, 4, 8, 19, "piercing"),
      }),
      teamsCombatant({
        id: "guards-3",
        endurance: 12,
        health: 10,
        constitution: 4,
        evasion: 6,
        deflection: { physical: 4, elemental: 0 },
        weapon: teamsWeapon("club", [6, 6], 0, 4, 7, 20, "bludgeoning"),
      }),
    ],
  },
};

// ---------------------------------------------------------------- strain

function str(id: string, art: number, resilience: number, evasion: number, fatigueTolerance: number, initiative: number): SimStrainMember {
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

function fac(id: string, wit: number, health: number, armour: number, shield: number, w: FactionsWeapon): FactionsCharacter {
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
