import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { rollBoonBane, netBoons, boonBaneTotal } from "../../../src/core/dice/boon-bane.js";
import { scriptedRoller, seededRoller } from "../../../src/core/shared/roller.js";

describe("Boon and Bane on 2d6", () => {
  it("STR-41 with no net Boon or Bane the roll is plain 2d6 + modifier", () => {
    const r = rollBoonBane(scriptedRoller([3, 5]), 1, 1, 2);
    expect(r.dice.map((d) => d.value)).toEqual([3, 5]);
    expect(r.dice.every((d) => d.kept)).toBe(true);
    expect(r.total).toBe(10);
    expect(r.formula).toBe("2d6+2");
  });

  it("STR-41 one net Boon rolls 3d6 and keeps the two highest", () => {
    const r = rollBoonBane(scriptedRoller([2, 6, 4]), 2, 1, 1);
    expect(r.dice.map((d) => d.kept)).toEqual([false, true, true]);
    expect(r.total).toBe(11);
    expect(r.formula).toBe("3d6kh2+1");
  });

  it("STR-41 two net Banes roll 4d6 and keep the two lowest", () => {
    const r = rollBoonBane(scriptedRoller([5, 1, 6, 2]), 0, 2, 0);
    expect(r.dice.map((d) => d.kept)).toEqual([false, true, false, true]);
    expect(r.total).toBe(3);
    expect(r.formula).toBe("4d6kl2");
  });

  it("STR-41 equal dice: exactly two are kept", () => {
    const r = rollBoonBane(scriptedRoller([4, 4, 4]), 1, 0);
    expect(r.dice.filter((d) => d.kept)).toHaveLength(2);
    expect(r.total).toBe(8);
  });

  it("STR-41 flat reading adds the net count to 2d6", () => {
    const r = rollBoonBane(scriptedRoller([3, 3]), 0, 2, 1, "flat");
    expect(r.total).toBe(5);
    expect(r.dice).toHaveLength(2);
  });

  it("STR-41 property: two dice are always kept, Boons never lower and Banes never raise the expected reading", () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 4 }),
        (seed, boons, banes) => {
          const r = rollBoonBane(seededRoller(seed), boons, banes);
          expect(r.dice).toHaveLength(2 + Math.abs(netBoons(boons, banes)));
          expect(r.dice.filter((d) => d.kept)).toHaveLength(2);
          const kept = r.dice.filter((d) => d.kept).map((d) => d.value);
          const dropped = r.dice.filter((d) => !d.kept).map((d) => d.value);
          const net = netBoons(boons, banes);
          for (const x of dropped) for (const k of kept) expect(net > 0 ? x <= k : x >= k).toBe(true);
          expect(r.total).toBe(kept[0]! + kept[1]!);
        },
      ),
    );
  });

  it("STR-41 the same seed gives the same roll", () => {
    expect(rollBoonBane(seededRoller(99), 2, 0, 1)).toEqual(rollBoonBane(seededRoller(99), 2, 0, 1));
  });
});

describe("boonBaneTotal", () => {
  it("STR-41 property: the allocation-free total matches rollBoonBane on the same seed", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: -4, max: 4 }), fc.integer({ min: -3, max: 5 }), (seed, net, mod) => {
        const boons = net > 0 ? net : 0;
        const banes = net < 0 ? -net : 0;
        expect(boonBaneTotal(seededRoller(seed), net, mod)).toBe(
          rollBoonBane(seededRoller(seed), boons, banes, mod).total,
        );
      }),
    );
  });
});
