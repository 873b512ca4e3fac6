import { describe, expect, it } from "vitest";
import {
  damageReductionWith,
  durabilityOf,
  isBroken,
  overConstitution,
  parryBonus,
  type TeamsItem,
} from "../../../../src/core/attack/teams/index.js";

const item = (over: Partial<TeamsItem>): TeamsItem => ({
  id: "i",
  name: "item",
  block: null,
  parry: null,
  durability: null,
  metal: false,
  ...over,
});

describe("teams items in a parry or a block", () => {
  it("TEAM-43 a parry adds the item's parry value, or 1 when it has none", () => {
    expect(parryBonus(item({ parry: 3 }))).toBe(3);
    expect(parryBonus(item({ parry: null }))).toBe(1);
  });

  it("TEAM-44 an item at 0 durability is broken; an unlisted durability is 10 for metal, 4 otherwise", () => {
    expect(isBroken(item({ durability: 0 }))).toBe(true);
    expect(isBroken(item({ durability: 1 }))).toBe(false);
    expect(durabilityOf(item({ metal: true }))).toBe(10);
    expect(durabilityOf(item({}))).toBe(4);
    expect(isBroken(item({}))).toBe(false);
  });
});

describe("teams health thresholds", () => {
  it("TEAM-67 only missing health beyond constitution calls for a fortify (at it is not enough)", () => {
    expect(overConstitution({ health: 7, maxHealth: 12, constitution: 5 })).toBe(false);
    expect(overConstitution({ health: 6, maxHealth: 12, constitution: 5 })).toBe(true);
    expect(overConstitution({ health: 12, maxHealth: 12, constitution: 0 })).toBe(false);
  });
});

describe("teams armour", () => {
  it("TEAM-48 a character's damage reduction of each kind is its own plus every armour item's (ruling)", () => {
    const own = { physical: 1, elemental: 0 };
    expect(damageReductionWith(own, [])).toEqual({ physical: 1, elemental: 0 });
    expect(
      damageReductionWith(own, [
        { physical: 4, elemental: 0 },
        { physical: 8, elemental: 1 },
      ]),
    ).toEqual({ physical: 13, elemental: 1 });
  });

  it(
    "TEAM-49 the enemy in plate harness (physical 8) over " +
      "no reduction of its own takes 2 of Boudica's 10 piercing",
    () => {
      const worn = damageReductionWith({ physical: 0, elemental: 0 }, [{ physical: 8, elemental: 1 }]);
      expect(Math.max(1, 10 - worn.physical)).toBe(2);
    },
  );
});
