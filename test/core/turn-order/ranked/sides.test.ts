import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { overAmong, victorsAmong, victorsIfOver } from "../../../../src/core/turn-order/ranked/sides.js";

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

describe("overAmong (the quick end check over the turn order)", () => {
  it("ESC-63 STR-04 ends the fight exactly when victorsAmong does, whatever the order of the ids", () => {
    const member = fc.record({ side: fc.constantFrom("pc", "npc", "beasts"), out: fc.boolean() });
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("a", "b", "10", "2", "z"), member), fc.constantFrom("oneSideLeft" as const, "anySideDown" as const), fc.nat(), (rec, endWhen, shift) => {
        const ids = Object.keys(rec);
        const rotated = ids.map((_, i) => ids[(i + shift) % ids.length] as string);
        expect(overAmong(rec, rotated, (c) => !c.out, endWhen)).toBe(victorsAmong(rec, (c) => !c.out, endWhen) !== null);
      }),
    );
  });
});
