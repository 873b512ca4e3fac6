import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pickEnemy, pickEnemyAmong } from "../../src/sim/pick-target.js";

interface U {
  readonly up: boolean;
  readonly hp: number;
}
const standing = (u: U): boolean => u.up;
const hpOf = (u: U): number => u.hp;

const unitsArb = fc.array(fc.record({ up: fc.boolean(), hp: fc.integer({ min: -3, max: 9 }) }), {
  minLength: 2,
  maxLength: 9,
});
const choiceArb = fc.constantFrom("weakest" as const, "strongest" as const, "first" as const);

describe("the simulator's targeting tactics", () => {
  it(
    "weakest, strongest and first pick among the standing " + "enemies; ties keep party order; nobody standing is -1",
    () => {
      const units: U[] = [
        { up: true, hp: 5 },
        { up: true, hp: 3 },
        { up: false, hp: 1 },
        { up: true, hp: 3 },
        { up: true, hp: 7 },
      ];
      // Party a (units 0..1) attacks party b (units 2..4): unit 2 is down, units 3 and 4 stand.
      expect(pickEnemyAmong("weakest", 0, 2, units, standing, hpOf)).toBe(3);
      expect(pickEnemyAmong("strongest", 1, 2, units, standing, hpOf)).toBe(4);
      expect(pickEnemyAmong("first", 0, 2, units, standing, hpOf)).toBe(3);
      // Party b attacks party a.
      expect(pickEnemyAmong("weakest", 2, 2, units, standing, hpOf)).toBe(1);
      expect(pickEnemyAmong("strongest", 4, 2, units, standing, hpOf)).toBe(0);
      // Ties keep party order: units 1 and 3 both have 3 hit points.
      expect(
        pickEnemyAmong("weakest", 4, 4, [...units.slice(0, 3), units[1] as U, units[4] as U], standing, hpOf),
      ).toBe(1);
      const down = units.map((u) => ({ ...u, up: false }));
      expect(pickEnemyAmong("strongest", 0, 2, down, standing, hpOf)).toBe(-1);
    },
  );

  it(
    "pickEnemyAmong (units read by module functions) picks as pickEnemy (indices read by " +
      "closures), for any parties",
    () => {
      fc.assert(
        fc.property(unitsArb, choiceArb, fc.nat(), fc.nat(), (units, choice, m, s) => {
          const na = 1 + (s % (units.length - 1));
          const me = m % units.length;
          const up = (i: number): boolean => (units[i] as U).up;
          const hp = (i: number): number => (units[i] as U).hp;
          expect(pickEnemyAmong(choice, me, na, units, standing, hpOf)).toBe(
            pickEnemy(choice, me, na, units.length, up, hp),
          );
        }),
        { numRuns: 500 },
      );
    },
  );
});
