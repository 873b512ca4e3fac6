import { describe, expect, it } from "vitest";
import { isChanneled } from "../../src/core/attack/escalation/index.js";
import { isRemovedByWounds } from "../../src/core/attack/strain/index.js";
import { DEFAULT_GRID_OPTIONS } from "../../src/core/space/grid/grid-options.js";
import { escalationMovement } from "../../src/core/space/grid/movement-allowance.js";
import { actionRange, isMeleeAction } from "../../src/core/space/sections/action-reach.js";

// Rules the sheets show as derived values: each lives in the core under its clause, and the data specs call it.
describe("rules the sheets derive, from the core", () => {
  it("ESC-50 a spell is channelled when it takes more than one turn's cast time (AA and MA) or has an upkeep", () => {
    expect(isChanneled({ castTime: 2, upkeep: 0 })).toBe(false);
    expect(isChanneled({ castTime: 3, upkeep: 0 })).toBe(true);
    expect(isChanneled({ castTime: 1, upkeep: 1 })).toBe(true);
  });

  it("ESC-46 a prone unit moves a third of its movement, rounded once", () => {
    expect(escalationMovement({ speed: 9 }, "walk", DEFAULT_GRID_OPTIONS)).toBe(9);
    expect(escalationMovement({ speed: 9, prone: true }, "walk", DEFAULT_GRID_OPTIONS)).toBe(3);
  });

  it("STR-64 the third wound removes a character from the combat", () => {
    expect(isRemovedByWounds(2)).toBe(false);
    expect(isRemovedByWounds(3)).toBe(true);
  });

  it(
    "SEC-28 SEC-29 an Action's range comes from Range, Thrown or Reach; with none it is 0 and melee, " +
      "and Reach is melee too",
    () => {
      expect(actionRange({})).toEqual({ range: 0, kind: "melee" });
      expect(actionRange({ range: 3 })).toEqual({ range: 3, kind: "ranged" });
      expect(actionRange({ thrown: 2 })).toEqual({ range: 2, kind: "thrown" });
      expect(actionRange({ reach: 1 })).toEqual({ range: 1, kind: "reach" });
      expect(isMeleeAction("reach")).toBe(true);
      expect(isMeleeAction("thrown")).toBe(false);
    },
  );
});
