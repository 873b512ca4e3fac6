import { describe, expect, it } from "vitest";
import {
  durabilityRolls,
  heavyHitDestroys,
  resolveChase,
  save,
  grab,
  release,
  shove,
  surrender,
  deviate,
  rollDamageDie,
  wornArmour,
} from "../../../../src/core/attack/factions/index.js";
import { scriptedRoller, seededRoller } from "../../../../src/core/shared/roller.js";
import { fighter } from "./fixtures.js";

describe("factions saves and chases", () => {
  it("FAC-18 a save is d20 roll-under: equal to the stat passes (ruling)", () => {
    expect(save(scriptedRoller([12]), 12).passed).toBe(true);
    expect(save(scriptedRoller([13]), 12).passed).toBe(false);
  });

  it("FAC-25 ruling: a save's comparison is what was rolled against the stat it must not exceed, roll-under", () => {
    // What the card shows: the die's total and the number it had to stay at or under; the margin says by how much.
    expect(save(scriptedRoller([7]), 12).comparison).toEqual({ total: 7, against: 12, margin: 5, under: true });
    expect(save(scriptedRoller([12]), 12).comparison).toEqual({ total: 12, against: 12, margin: 0, under: true });
    expect(save(scriptedRoller([15]), 12).comparison).toEqual({ total: 15, against: 12, margin: -3, under: true });
    for (let d = 1; d <= 20; d++) {
      const s = save(scriptedRoller([d]), 9);
      expect(s.comparison.total).toBe(s.roll.total);
      expect(s.passed).toBe(s.comparison.margin >= 0);
    }
  });

  it("FAC-59 a long chase: a group AGI save, those who pass escape", () => {
    const r = resolveChase(
      scriptedRoller([5, 15]),
      [
        { id: "a", agi: 10 },
        { id: "b", agi: 10 },
      ],
      "even",
    );
    expect(r.escaped).toEqual(["a"]);
    expect(r.caught).toEqual(["b"]);
  });

  it("FAC-60 faster fleeing characters escape without a save; slower ones cannot escape", () => {
    const roller = scriptedRoller([]);
    expect(resolveChase(roller, [{ id: "a", agi: 3 }], "faster").escaped).toEqual(["a"]);
    expect(resolveChase(roller, [{ id: "a", agi: 19 }], "slower").caught).toEqual(["a"]);
    expect(roller.used).toBe(0);
  });
});

describe("factions gear", () => {
  it(
    "FAC-61 after a fight each used item makes a durability roll: a 1 damages an intact item and destroys a " +
      "damaged one (ruling)",
    () => {
      const r = durabilityRolls(scriptedRoller([1, 4, 1]), [
        { id: "sword", state: "intact" },
        { id: "mail", state: "damaged" },
        { id: "shield", state: "damaged" },
        { id: "bow", state: "destroyed" },
      ]);
      expect(r.map((x) => [x.id, x.after])).toEqual([
        ["sword", "damaged"],
        ["mail", "damaged"],
        ["shield", "destroyed"],
      ]);
    },
  );

  it("FAC-63 the 8-damage threshold is counted before armour and takes the shield first", () => {
    expect(heavyHitDestroys(8, true, true)).toBe("shield");
    expect(heavyHitDestroys(9, false, true)).toBe("armour");
    expect(heavyHitDestroys(7, true, true)).toBeNull();
    expect(heavyHitDestroys(12, false, false)).toBeNull();
  });

  it("FAC-26 impaired damage reports both dice with the higher dropped", () => {
    const r = rollDamageDie(scriptedRoller([3, 3]), 6, true);
    expect(r.dice.filter((d) => d.kept)).toHaveLength(1);
    expect(r.total).toBe(3);
  });
});

describe("factions grapple, shove, surrender, deviation", () => {
  it("FAC-44 FAC-45 a grabbed character stays held until released", () => {
    const h = grab(fighter("p1"), fighter("b1"));
    expect([h.holder.grabbing, h.held.grabbedBy]).toEqual(["b1", "p1"]);
    const r = release(h);
    expect(r.ok && [r.state.holder.grabbing, r.state.held.grabbedBy]).toEqual([null, null]);
    expect(release({ holder: fighter("p1"), held: fighter("b1") }).ok).toBe(false);
  });

  it("FAC-46 shoving frees the held character and moves it half a zone or into a hazard", () => {
    const r = shove(grab(fighter("p1"), fighter("b1")), "hazard");
    expect(r.ok && r.state.held.grabbedBy).toBeNull();
    expect(r.ok && r.events.map((e) => e.type)).toEqual(["released", "shoved"]);
  });

  it("FAC-57 a character may spend its turn to surrender", () => {
    const r = surrender(fighter("b1"));
    expect(r.ok && r.state).toMatchObject({ surrendering: true, turnUsed: true });
    expect(surrender(fighter("b1", { turnUsed: true })).ok).toBe(false);
  });

  it("FAC-39 deviation rolls a die with one face per neighbouring zone; seeded runs repeat", () => {
    const zones = [1, 2, 3, 4, 5].map((n) => ({ zone: `z${n}`, targets: [] }));
    const a = deviate(seededRoller(3), zones);
    expect(a).toEqual(deviate(seededRoller(3), zones));
    expect(a!.roll.dice[0]!.sides).toBe(5);
    expect(deviate(seededRoller(3), [])).toBeNull();
  });
});

describe("factions armour worn", () => {
  it(
    "FAC-63 ruling: worn armour adds to the character's own value; the first shield is held apart, the one " +
      "FAC-63 breaks first",
    () => {
      expect(wornArmour(1, [])).toEqual({ armour: 1, armourDamaged: false, shield: null });
      const pieces = [
        { armour: 2, damaged: false, shield: false },
        { armour: 1, damaged: true, shield: true },
        { armour: 1, damaged: true, shield: false },
      ];
      expect(wornArmour(1, pieces)).toEqual({ armour: 4, armourDamaged: true, shield: { armour: 1, damaged: true } });
      // A second shield is not held as one: it counts as worn armour.
      const two = wornArmour(0, [
        { armour: 1, damaged: false, shield: true },
        { armour: 2, damaged: true, shield: true },
      ]);
      expect(two).toEqual({ armour: 2, armourDamaged: true, shield: { armour: 1, damaged: false } });
      expect(heavyHitDestroys(8, two.shield!.damaged, two.armourDamaged)).toBe("armour");
    },
  );
});
