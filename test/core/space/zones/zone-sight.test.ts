import { describe, expect, it } from "vitest";
import {
  checkZoneMap,
  zoneAttackReach,
  zoneOptions,
  zoneView,
  type ZoneMap,
} from "../../../../src/core/space/zones/index.js";
import { b, MAP, who, z } from "./fixtures.js";

/** The fixtures' map with B obscured (smoke) and C hidden (a dark barn). */
const SIGHTED: ZoneMap = {
  zones: MAP.zones.map((zone) =>
    zone.id === "B" ? { ...zone, sight: "obscured" } : zone.id === "C" ? { ...zone, sight: "hidden" } : zone,
  ),
};
const o = zoneOptions();
const state = (a: ReturnType<typeof z>, t: ReturnType<typeof z>) => ({
  map: SIGHTED,
  characters: [who("a", "x", a), who("t", "y", t)],
});

describe("what the zone map lets an attacker see (ruling FAC-29 FAC-33)", () => {
  it(
    "FAC-29 FAC-31 a hidden zone's occupants cannot be seen from another zone, and are seen " +
      "obscured from inside it",
    () => {
      expect(zoneView(SIGHTED, z("B"), z("C"))).toEqual({ targetVisible: false, concealment: false });
      expect(zoneView(SIGHTED, z("C"), z("C"))).toEqual({ targetVisible: true, concealment: true });
    },
  );

  it("FAC-33 an obscured zone's occupants are seen with concealment from anywhere; a clear zone's plainly", () => {
    expect(zoneView(SIGHTED, z("A"), z("B"))).toEqual({ targetVisible: true, concealment: true });
    expect(zoneView(SIGHTED, z("B"), z("B"))).toEqual({ targetVisible: true, concealment: true });
    expect(zoneView(SIGHTED, z("C"), z("A"))).toEqual({ targetVisible: true, concealment: false });
    expect(zoneView(MAP, z("A"), z("C"))).toEqual({ targetVisible: true, concealment: false });
  });

  it("FAC-36 a target on a border is seen through the better of its two zones", () => {
    expect(zoneView(SIGHTED, z("A"), b("B", "C"))).toEqual({ targetVisible: true, concealment: true });
    expect(zoneView(SIGHTED, z("A"), b("B", "A"))).toEqual({ targetVisible: true, concealment: false });
  });

  it(
    "FAC-31 the reach reports the view, and refuses nothing for it: the declaration judges it, the " +
      "GM may say otherwise",
    () => {
      const q = { attacker: "a", target: "t", kind: "ranged", range: 3 } as const;
      expect(zoneAttackReach(state(z("B"), z("C")), q, o)).toMatchObject({
        ok: true,
        targetVisible: false,
        concealment: false,
      });
      expect(zoneAttackReach(state(z("A"), z("B")), { ...q, kind: "melee" }, o)).toMatchObject({
        ok: false,
        clause: "FAC-29",
      });
      expect(zoneAttackReach(state(z("B"), z("B")), { ...q, kind: "melee" }, o)).toMatchObject({
        ok: true,
        concealment: true,
      });
    },
  );

  it("FAC-29 a zone map with a sight it does not know is refused", () => {
    expect(checkZoneMap({ zones: [{ id: "A", neighbours: [], sight: "foggy" }] })).toMatchObject({
      ok: false,
      clause: "FAC-29",
    });
    expect(checkZoneMap(SIGHTED)).toBeNull();
  });
});

describe("a blast's zone is the target's (FAC-36..FAC-38)", () => {
  it("FAC-37 a melee blast hits the attacker's own zone: a target there, or on its border, not one a zone away", () => {
    const q = { attacker: "a", target: "t", kind: "meleeBlast", range: 0 } as const;
    expect(zoneAttackReach(state(z("A"), z("A")), q, o)).toMatchObject({ ok: true, distance: 0 });
    expect(zoneAttackReach(state(z("A"), b("A", "B")), q, o)).toMatchObject({ ok: true });
    // Even where the table counts neighbouring zones as nearby (FAC-29), the blast stays in its own zone.
    expect(zoneAttackReach(state(z("A"), z("B")), q, zoneOptions({ nearby: "adjacent-zones" }))).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.NotOwnZone",
      clause: "FAC-37",
    });
  });

  it("FAC-38 a ranged blast hits any zone within range, its own included", () => {
    const q = { attacker: "a", target: "t", kind: "rangedBlast", range: 1 } as const;
    expect(zoneAttackReach(state(z("A"), z("A")), q, o)).toMatchObject({ ok: true, distance: 0 });
    expect(zoneAttackReach(state(z("A"), z("B")), q, o)).toMatchObject({
      ok: true,
      distance: 1,
      beyondHalfRange: true,
    });
    expect(zoneAttackReach(state(z("A"), z("C")), q, o)).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.BlastOutOfRange",
      clause: "FAC-38",
      data: { zone: "C", range: 1 },
    });
  });
});
