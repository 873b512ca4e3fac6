import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { overAmong, victorsAmong, victorsIfOver } from "../../../../src/core/turn-order/shared/sides.js";

describe("victorsAmong (the engines' allocation-free end check)", () => {
  it("ESC-63 STR-04 gives what victorsIfOver gives on the same members, in the same order", () => {
    const member = fc.record({ side: fc.constantFrom("pc", "npc", "beasts", "7"), out: fc.boolean() });
    fc.assert(
      fc.property(
        fc.array(member, { maxLength: 8 }),
        fc.constantFrom("oneSideLeft" as const, "anySideDown" as const),
        (list, endWhen) => {
          const members = list.map((c, i) => ({ id: `m${i}`, side: c.side, standing: !c.out }));
          expect(victorsAmong(list, (c) => !c.out, endWhen)).toEqual(victorsIfOver(members, endWhen));
        },
      ),
    );
  });
});

describe("overAmong (the quick end check)", () => {
  it("ESC-63 STR-04 ends the fight exactly when victorsAmong does, whatever the order of the list", () => {
    const member = fc.record({ side: fc.constantFrom("pc", "npc", "beasts"), out: fc.boolean() });
    fc.assert(
      fc.property(
        fc.array(member, { maxLength: 8 }),
        fc.constantFrom("oneSideLeft" as const, "anySideDown" as const),
        fc.nat(),
        (list, endWhen, shift) => {
          const rotated = list.map((_, i) => list[(i + shift) % list.length] as (typeof list)[number]);
          expect(overAmong(rotated, (c) => !c.out, endWhen)).toBe(victorsAmong(list, (c) => !c.out, endWhen) !== null);
        },
      ),
    );
  });
});
