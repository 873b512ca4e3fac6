import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyZoneMove,
  checkZoneMap,
  isNearby,
  queryZoneMove,
  startZoneTurn,
  zoneOptions,
  zoneRange,
  type ZonePlace,
  type ZoneState,
} from "../../../../src/core/space/zones/index.js";
import { MAP, b, who, z, zonesWith } from "./fixtures.js";

const o = zoneOptions();

describe("zone movement", () => {
  it("FAC-06 a character moves one zone on its turn", () => {
    const s = zonesWith(who("a", "red", z("A")));
    const one = queryZoneMove(s, { mover: "a", mode: "walk", path: [z("A"), z("B")] }, o);
    expect(one.ok && one.cost).toBe(1);
    const two = queryZoneMove(s, { mover: "a", mode: "walk", path: [z("A"), z("B"), z("C")] }, o);
    expect(!two.ok && two.key).toBe("FRAY.Refusal.ZoneMovementUsed");
    expect(!two.ok && two.clause).toBe("FAC-06");
    const jump = queryZoneMove(s, { mover: "a", mode: "walk", path: [z("A"), z("C")] }, o);
    expect(!jump.ok && jump.key).toBe("FRAY.Refusal.NotNeighbours");
  });

  it("FAC-06 the zone of movement is spent for the turn and comes back on the next", () => {
    const s = zonesWith(who("a", "red", z("A")));
    const moved = applyZoneMove(s, { mover: "a", mode: "walk", to: z("B") }, o);
    expect(moved.ok && moved.state.characters[0]).toMatchObject({ at: z("B"), moved: 1 });
    if (!moved.ok) return;
    const more = queryZoneMove(moved.state, { mover: "a", mode: "walk", to: z("C") }, o);
    expect(!more.ok && more.clause).toBe("FAC-06");
    const next = startZoneTurn(moved.state, "a");
    expect(next.ok && queryZoneMove(next.state, { mover: "a", mode: "walk", to: z("C") }, o).ok).toBe(true);
  });

  it("FAC-07 movement may be split before, after and between actions (half a zone onto a border, half off it)", () => {
    const s = zonesWith(who("a", "red", z("A")));
    const first = applyZoneMove(s, { mover: "a", mode: "walk", to: b("A", "B") }, o);
    expect(first.ok && first.state.characters[0]).toMatchObject({ at: b("A", "B"), moved: 0.5 });
    if (!first.ok) return;
    // ... an action happens here ...
    const second = applyZoneMove(first.state, { mover: "a", mode: "walk", to: z("B") }, o);
    expect(second.ok && second.state.characters[0]).toMatchObject({ at: z("B"), moved: 1 });
    if (!second.ok) return;
    const third = queryZoneMove(second.state, { mover: "a", mode: "walk", to: b("B", "C") }, o);
    expect(!third.ok && third.clause).toBe("FAC-06");
  });

  it("FAC-06 the cheapest way through the zones is found when asked", () => {
    const s = zonesWith(who("a", "red", z("A")));
    const r = queryZoneMove(s, { mover: "a", mode: "walk", to: z("D") }, zoneOptions({ zonesPerTurn: 2 }));
    expect(r.ok && r.path).toEqual([z("A"), z("B"), z("D")]);
    expect(r.ok && r.cost).toBe(2);
    const fromBorder = queryZoneMove(
      zonesWith(who("a", "red", b("B", "A"))),
      { mover: "a", mode: "walk", to: z("C") },
      zoneOptions({ zonesPerTurn: 2 }),
    );
    expect(fromBorder.ok && fromBorder.path).toEqual([b("B", "A"), z("B"), z("C")]);
    expect(fromBorder.ok && fromBorder.cost).toBe(1.5);
    const island = queryZoneMove(s, { mover: "a", mode: "walk", to: z("E") }, o);
    expect(!island.ok && island.key).toBe("FRAY.Refusal.NoZonePath");
  });

  it("FAC-23 nearby is the same zone by default; a character on a border is in both zones (ruling)", () => {
    expect(isNearby(MAP, z("A"), z("A"), o)).toBe(true);
    expect(isNearby(MAP, z("A"), z("B"), o)).toBe(false);
    expect(isNearby(MAP, b("A", "B"), z("B"), o)).toBe(true);
    expect(isNearby(MAP, b("A", "B"), b("B", "C"), o)).toBe(true);
    expect(isNearby(MAP, z("A"), z("B"), zoneOptions({ nearby: "adjacent-zones" }))).toBe(true);
    expect(isNearby(MAP, z("A"), z("C"), zoneOptions({ nearby: "adjacent-zones" }))).toBe(false);
  });

  it("FAC-23 moving away from a nearby enemy offers it an opportunity attack", () => {
    const s = zonesWith(
      who("a", "red", z("A")),
      who("e", "blue", z("A")),
      who("f", "red", z("A")),
      who("g", "blue", z("B")),
    );
    const r = queryZoneMove(s, { mover: "a", mode: "walk", path: [z("A"), b("A", "B"), z("B")] }, o);
    // stepping onto the border keeps a in zone A; stepping into B moves it away from e; g is approached, f is a friend
    expect(r.ok && r.events).toEqual([{ type: "opportunity-attack", clause: "FAC-23", by: "e", against: "a", at: 2 }]);
    const stay = queryZoneMove(s, { mover: "a", mode: "walk", to: b("A", "B") }, o);
    expect(stay.ok && stay.events).toEqual([]);
  });

  it("FAC-23 a shove or a Teleport moves without offering opportunity attacks (ruling)", () => {
    const s = zonesWith(who("a", "red", z("A")), who("e", "blue", z("A")));
    const shove = queryZoneMove(s, { mover: "a", mode: "push", to: b("A", "B") }, o);
    expect(shove.ok && shove.events).toEqual([]);
    const tele = queryZoneMove(s, { mover: "a", mode: "teleport", to: z("B") }, o);
    expect(tele.ok && tele.events).toEqual([]);
    expect(tele.ok && tele.cost).toBe(1);
    const far = queryZoneMove(s, { mover: "a", mode: "teleport", to: z("C") }, o);
    expect(!far.ok && far.clause).toBe("FAC-06");
  });

  it("FAC-30 zone range counts zone steps; a border stands in both zones (ruling)", () => {
    const s = zonesWith();
    expect(zoneRange(s, z("A"), z("A"))).toBe(0);
    expect(zoneRange(s, z("A"), z("C"))).toBe(2);
    expect(zoneRange(s, b("A", "B"), z("C"))).toBe(1);
    expect(zoneRange(s, z("A"), z("E"))).toBe(Number.POSITIVE_INFINITY);
  });

  it("FAC-06 malformed zone graphs and places are refused with a key, never thrown", () => {
    expect(checkZoneMap({ zones: [{ id: "A", neighbours: ["B"] }] })?.key).toBe("FRAY.Refusal.MalformedZoneMap");
    expect(
      checkZoneMap({
        zones: [
          { id: "A", neighbours: ["B"] },
          { id: "B", neighbours: [] },
        ],
      })?.key,
    ).toBe("FRAY.Refusal.MalformedZoneMap");
    expect(checkZoneMap({ zones: [{ id: "A", neighbours: ["A"] }] })?.key).toBe("FRAY.Refusal.MalformedZoneMap");
    expect(
      checkZoneMap({
        zones: [
          { id: "A", neighbours: [] },
          { id: "A", neighbours: [] },
        ],
      })?.key,
    ).toBe("FRAY.Refusal.MalformedZoneMap");
    const s = zonesWith(who("a", "red", z("A")));
    const unknown = queryZoneMove(s, { mover: "a", mode: "walk", to: z("Q") }, o);
    expect(!unknown.ok && unknown.key).toBe("FRAY.Refusal.UnknownZone");
    const badBorder = queryZoneMove(s, { mover: "a", mode: "walk", to: b("A", "C") }, o);
    expect(!badBorder.ok && badBorder.key).toBe("FRAY.Refusal.NotNeighbours");
    const nobody = queryZoneMove(s, { mover: "x", mode: "walk", to: z("B") }, o);
    expect(!nobody.ok && nobody.key).toBe("FRAY.Refusal.UnknownCharacter");
    const fly = queryZoneMove(s, { mover: "a", mode: "fly", to: z("B") }, o);
    expect(!fly.ok && fly.key).toBe("FRAY.Refusal.MoveModeNotInZones");
    const negative = queryZoneMove(zonesWith(who("a", "red", z("A"), -1)), { mover: "a", mode: "walk", to: z("B") }, o);
    expect(!negative.ok && negative.key).toBe("FRAY.Refusal.NegativeMovement");
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (state, query) => {
        expect(queryZoneMove(state as ZoneState, query as never, o).ok).toBe(false);
      }),
    );
  });

  it("FAC-06 a refused zone move never changes the state (property)", () => {
    const places: ZonePlace[] = [
      z("A"),
      z("B"),
      z("C"),
      z("D"),
      z("E"),
      z("Q"),
      b("A", "B"),
      b("B", "C"),
      b("B", "D"),
      b("A", "C"),
    ];
    const place = fc.constantFrom(...places);
    fc.assert(
      fc.property(
        fc.constantFrom(z("A"), z("B"), b("A", "B")),
        fc.constantFrom(0, 0.5, 1),
        fc.array(place, { maxLength: 4 }),
        fc.constantFrom("walk", "push", "teleport", "fall"),
        (start, moved, rest, mode) => {
          const s = zonesWith(who("a", "red", start, moved), who("e", "blue", z("B")));
          const before = JSON.parse(JSON.stringify(s)) as ZoneState;
          const out = applyZoneMove(s, { mover: "a", mode: mode, path: [start, ...rest] }, o);
          expect(s).toEqual(before);
          if (!out.ok) expect(out.key).toMatch(/^FRAY\.Refusal\./);
          else expect(out.state.characters[0]?.moved).toBeLessThanOrEqual(mode === "push" ? moved : 1);
        },
      ),
    );
  });
});
