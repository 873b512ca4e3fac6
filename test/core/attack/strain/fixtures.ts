import fc from "fast-check";
import type { StrainAttackSetup, StrainCharacter } from "../../../../src/core/attack/strain/index.js";

export function character(id: string, over: Partial<StrainCharacter> = {}): StrainCharacter {
  return {
    id,
    arts: { blade: 2, storm: 1 },
    resilience: 1,
    evasion: 1,
    resolve: 1,
    fatigueLoad: 0,
    fatigueTolerance: 3,
    stressLoad: 0,
    stressTolerance: 3,
    wounds: 0,
    statuses: {},
    stance: "guard",
    incapacitated: false,
    removed: false,
    buff: null,
    ...over,
  };
}

export function attackSetup(over: Partial<StrainAttackSetup> = {}): StrainAttackSetup {
  return {
    attacker: character("a"),
    target: character("t"),
    kind: "physical",
    art: "blade",
    defence: "resilience",
    deals: "fatigue",
    instances: 1,
    ranged: false,
    finisher: false,
    adjacentEnemies: 0,
    cover: false,
    overexert: 0,
    overexertTag: false,
    boons: 0,
    banes: 0,
    ...over,
  };
}

/** A character with random Loads, Tolerances, Wounds, Stunned stacks, and out of action or not. */
export const characterArb = fc
  .record({
    resilience: fc.integer({ min: -1, max: 3 }),
    resolve: fc.integer({ min: -1, max: 3 }),
    fatigueLoad: fc.nat(8),
    fatigueTolerance: fc.nat(4),
    stressLoad: fc.nat(8),
    stressTolerance: fc.nat(4),
    wounds: fc.nat(2),
    stunned: fc.nat(2),
    incapacitated: fc.boolean(),
    removed: fc.boolean(),
  })
  .map(({ stunned, ...c }) => character("c", { ...c, statuses: { stunned } }));
