// Strong and weak parties built from the samples, for lopsided-fight tests.
import { SAMPLE_PARTIES, type SimMembers, type SimParties, type SimParty } from "../../src/sim/index.js";
import type { RulesetId } from "../../src/core/index.js";

function rename<M extends { readonly id: string }>(party: SimParty<M>, name: string, tweak: (m: M) => M): SimParty<M> {
  return { name, members: party.members.map((m) => ({ ...tweak(m), id: `${name}-${m.id}` })) };
}

const strongWeak: { readonly [R in RulesetId]: (p: SimParties<SimMembers[R]>) => SimParties<SimMembers[R]> } = {
  sections: (p) => ({
    a: rename(p.a, "strong", (m) => ({ ...m, hp: 30, hitDie: 12, missDie: 12, damageDie: 12, damageBonus: 2 })),
    b: rename(p.b, "weak", (m) => ({ ...m, hp: 6, hitDie: 4, missDie: 4, damageDie: 4, damageBonus: 0 })),
  }),
  escalation: (p) => ({
    a: rename(p.a, "strong", (m) => ({ ...m, hp: 40, maxHp: 40, accuracy: 6, agility: 3, armor: 3 })),
    b: rename(p.b, "weak", (m) => ({ ...m, hp: 8, maxHp: 8, accuracy: 0, agility: 0, armor: 0 })),
  }),
  teams: (p) => ({
    a: rename(p.a, "strong", (m) => ({
      ...m,
      endurance: 20,
      maxEndurance: 20,
      health: 16,
      maxHealth: 16,
      evasion: 9,
      deflection: { physical: 6, elemental: 2 },
    })),
    b: rename(p.b, "weak", (m) => ({
      ...m,
      endurance: 4,
      maxEndurance: 4,
      health: 4,
      maxHealth: 4,
      evasion: 3,
      deflection: { physical: 0, elemental: 0 },
    })),
  }),
  strain: (p) => ({
    a: rename(p.a, "strong", (m) => ({ ...m, arts: { Blade: 5 }, resilience: 3, evasion: 2, fatigueTolerance: 6 })),
    b: rename(p.b, "weak", (m) => ({ ...m, arts: { Blade: 0 }, resilience: -1, evasion: -1, fatigueTolerance: 1 })),
  }),
  factions: (p) => ({
    a: rename(p.a, "strong", (m) => ({ ...m, health: 16, armour: 3, weapon: { ...m.weapon, damageDie: 12 } })),
    b: rename(p.b, "weak", (m) => ({
      ...m,
      health: 5,
      armour: 0,
      shield: null,
      weapon: { ...m.weapon, damageDie: 4 },
    })),
  }),
};

export function lopsided<R extends RulesetId>(ruleset: R): SimParties<SimMembers[R]> {
  return (strongWeak[ruleset] as (p: SimParties<SimMembers[R]>) => SimParties<SimMembers[R]>)(SAMPLE_PARTIES[ruleset]);
}
