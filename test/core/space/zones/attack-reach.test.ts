import { describe, expect, it } from "vitest";
import { zoneAttackReach, zoneOptions } from "../../../../src/core/space/zones/index.js";
import { who, z, zonesWith } from "./fixtures.js";

const o = zoneOptions();

describe("an attack's reach across zones", () => {
  it("FAC-29 a melee attack targets a nearby character: one sharing its zone, not one a zone away", () => {
    const q = { attacker: "a", target: "t", kind: "melee", range: 0 } as const;
    expect(zoneAttackReach(zonesWith(who("a", "x", z("B")), who("t", "y", z("B"))), q, o)).toMatchObject({
      ok: true,
      distance: 0,
    });
    expect(zoneAttackReach(zonesWith(who("a", "x", z("B")), who("t", "y", z("C"))), q, o)).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.NotNearby",
      clause: "FAC-29",
    });
  });

  it(
    "FAC-30 a ranged attack reaches the weapon's range in zone steps; beyond half range is " +
      "reported for the WIT save",
    () => {
      const s = zonesWith(who("a", "x", z("A")), who("t", "y", z("D")));
      expect(zoneAttackReach(s, { attacker: "a", target: "t", kind: "ranged", range: 4 }, o)).toMatchObject({
        ok: true,
        distance: 2,
        beyondHalfRange: false,
      });
      expect(zoneAttackReach(s, { attacker: "a", target: "t", kind: "ranged", range: 3 }, o)).toMatchObject({
        ok: true,
        beyondHalfRange: true,
      });
      expect(zoneAttackReach(s, { attacker: "a", target: "t", kind: "ranged", range: 1 }, o)).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.OutOfRange",
        clause: "FAC-30",
      });
    },
  );

  it("FAC-32 an indirect attack reaches only targets farther than half range", () => {
    const s = zonesWith(who("a", "x", z("A")), who("t", "y", z("B")));
    expect(zoneAttackReach(s, { attacker: "a", target: "t", kind: "indirect", range: 4 }, o)).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.IndirectTooClose",
      clause: "FAC-32",
    });
    expect(zoneAttackReach(s, { attacker: "a", target: "t", kind: "indirect", range: 1 }, o)).toMatchObject({
      ok: true,
      beyondHalfRange: true,
    });
  });

  it("FAC-30 a character in a zone no path joins is out of range", () => {
    const s = zonesWith(who("a", "x", z("A")), who("t", "y", z("E")));
    expect(zoneAttackReach(s, { attacker: "a", target: "t", kind: "ranged", range: 9 }, o)).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.OutOfRange",
    });
  });
});
