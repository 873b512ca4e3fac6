import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { victorsAmong, victorsIfOver } from "../../../../src/core/turn-order/ranked/sides.js";

describe("victorsAmong (the engines' allocation-free end check)", () => {
  it("ESC-63 STR-04 gives what victorsIfOver gives on the record's members, in the same order", () => {
    const member = fc.record({ side: fc.constantFrom("pc", "npc", "beasts", "7"), out: fc.boolean() });
    const ids = fc.constantFrom("a", "b", "10", "2", "__proto__x", "z");
    fc.assert(
      fc.property(fc.dictionary(ids, member), fc.constantFrom("oneSideLeft" as const, "anySideDown" as const), (rec, endWhen) => {
        const members = Object.entries(rec).map(([id, c]) => ({ id, side: c.side, standing: !c.out }));
        expect(victorsAmong(rec, (c) => !c.out, endWhen)).toEqual(victorsIfOver(members, endWhen));
      }),
    );
  });
});
