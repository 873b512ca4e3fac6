// STR-61 at the start of a rolled fight: a character the setup marks unable (its sheet's Incapacitated) starts so.
import { describe, expect, it } from "vitest";
import { rolledEngine } from "../../../../src/core/turn-order/rolled/index.js";
import { seededRoller } from "../../../../src/core/shared/roller.js";
import { begin, member, trio } from "./rolled-helpers.js";

const withGob = (over: Record<string, unknown>) => ({
  combatants: trio.combatants.map((c) => (c.id === "gob" ? { ...c, ...over } : c)),
});

describe("STR-61 Incapacitated at the start of a rolled fight", () => {
  it("STR-61 a combatant the setup marks unable starts unable; the others, and one not marked, start able", () => {
    const s = begin(withGob({ able: false })).state;
    expect(member(s, "gob")?.able).toBe(false);
    expect(member(s, "bob")?.able).toBe(true);
    expect(member(begin().state, "gob")?.able).toBe(true);
  });

  it("STR-61 a setup whose able is not a flag is refused, naming the combatant", () => {
    for (const able of ["no", 0, null]) {
      const o = rolledEngine.start(withGob({ able }), seededRoller(1));
      expect(o).toMatchObject({ ok: false, key: "FRAY.Refusal.MalformedSetup" });
      if (!o.ok) expect(o.reason).toContain("gob");
    }
  });
});
