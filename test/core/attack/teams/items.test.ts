import { describe, expect, it } from "vitest";
import { durabilityOf, isBroken, parryBonus, type TeamsItem } from "../../../../src/core/attack/teams/index.js";

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
