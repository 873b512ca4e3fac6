import { describe, expect, it } from "vitest";
import { RULESETS } from "../../../src/core/rulesets.js";
import type { MoveMode } from "../../../src/core/space/movement.js";
import { mayMoveBy, movementSource, MOVEMENT_SOURCES } from "../../../src/core/space/movement-sources.js";

const MODES: readonly MoveMode[] = [
  "walk",
  "phase",
  "fly",
  "teleport",
  "climb",
  "swim",
  "crawl",
  "sneak",
  "fall",
  "push",
];

describe("which ways of moving are innate, and which come from an ability or a card", () => {
  it("STR-22 a strain character teleports only with an ability that gives it; STR-19 walking is its own", () => {
    expect(mayMoveBy("strain", "teleport", { given: [] })).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.MovementNeedsAbility",
      clause: "STR-22",
    });
    expect(mayMoveBy("strain", "teleport", { given: ["teleport"] })).toBeNull();
    expect(mayMoveBy("strain", "walk", { given: [] })).toBeNull();
  });

  it(
    "SEC-07 Phase, Fly and Teleport come from cards; SEC-04 " + "the Move, SEC-15 a climb and SEC-68 a swim need none",
    () => {
      for (const mode of ["phase", "fly", "teleport"] as const) {
        expect(mayMoveBy("sections", mode, { given: [] })).toMatchObject({
          ok: false,
          key: "FRAY.Refusal.MovementNeedsCard",
          clause: "SEC-07",
        });
        expect(mayMoveBy("sections", mode, { given: [mode] })).toBeNull();
      }
      // A card of one kind gives that kind only.
      expect(mayMoveBy("sections", "phase", { given: ["fly", "teleport"] })).toMatchObject({ ok: false });
      for (const mode of ["walk", "climb", "swim"] as const)
        expect(mayMoveBy("sections", mode, { given: [] })).toBeNull();
    },
  );

  it("SEC-06 in a fight a card's movement is the Move it grants once played: a card only held gives none", () => {
    expect(mayMoveBy("sections", "fly", { given: ["fly"], granted: [] })).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.NoPendingGrant",
      clause: "SEC-06",
    });
    // A card another entity played for the mover grants it too.
    expect(mayMoveBy("sections", "fly", { given: [], granted: ["fly"] })).toBeNull();
    // An ability is the character's in a fight as out of one (STR-22).
    expect(mayMoveBy("strain", "teleport", { given: ["teleport"], granted: [] })).toBeNull();
  });

  it("ESC-12 ESC-46 every escalation way of moving (walk, sneak, swim, climb, crawl) is the unit's own", () => {
    for (const mode of ["walk", "sneak", "swim", "climb", "crawl"] as const)
      expect(mayMoveBy("escalation", mode, { given: [] })).toBeNull();
    expect(mayMoveBy("escalation", "teleport", { given: ["teleport"] })).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.UnknownMovementAction",
    });
  });

  it("TEAM-20 FAC-06 teams and factions walk; no other mode is theirs, whatever the mover claims to have", () => {
    for (const ruleset of ["teams", "factions"] as const) {
      expect(mayMoveBy(ruleset, "walk", { given: [] })).toBeNull();
      for (const mode of MODES.filter((m) => m !== "walk"))
        expect(
          mayMoveBy(ruleset, mode, { given: [...MODES], granted: [...MODES] }),
          `${ruleset} ${mode}`,
        ).toMatchObject({
          ok: false,
          key: "FRAY.Refusal.UnknownMovementAction",
        });
    }
  });

  it(
    "every rule set walks, no rule set lists a fall or a " + "push as a way of moving, and prototype keys are no mode",
    () => {
      for (const ruleset of RULESETS) {
        expect(movementSource(ruleset, "walk")).toBe("innate");
        expect(movementSource(ruleset, "fall")).toBeUndefined();
        expect(movementSource(ruleset, "push")).toBeUndefined();
        expect(movementSource(ruleset, "__proto__" as MoveMode)).toBeUndefined();
        expect(movementSource(ruleset, "toString" as MoveMode)).toBeUndefined();
        expect(Object.values(MOVEMENT_SOURCES[ruleset]).every((s) => ["innate", "ability", "card"].includes(s))).toBe(
          true,
        );
      }
    },
  );
});
