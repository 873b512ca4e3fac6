import { describe, expect, it } from "vitest";
import { scriptedRoller } from "../../../../src/core/shared/roller.js";
import { blastNeighbours, charactersInZone, meleeBlast, rangedBlast } from "../../../../src/core/space/zones/index.js";
import { MAP, b, who, z, zonesWith } from "./fixtures.js";

const crowd = zonesWith(
  who("a", "red", z("A")),
  who("ab", "blue", b("A", "B")),
  who("b1", "blue", z("B")),
  who("bc", "red", b("C", "B")),
  who("c1", "blue", z("C")),
  who("d1", "blue", z("D")),
);

describe("blast attacks", () => {
  it("FAC-36 a blast hits everyone in the zone and on its borders", () => {
    expect(charactersInZone(crowd, "B").sort()).toEqual(["ab", "b1", "bc"]);
    expect(charactersInZone(crowd, "A").sort()).toEqual(["a", "ab"]);
  });

  it("FAC-37 a melee blast hits the attacker's own zone, not the attacker, and cannot miss", () => {
    const r = meleeBlast(crowd, "a");
    expect(r).toEqual({ ok: true, zone: "A", targets: ["ab"] });
    const other = meleeBlast(crowd, "a", "B");
    expect(!other.ok && other.clause).toBe("FAC-37");
  });

  it("FAC-37 an attacker on a border chooses which of its two zones it blasts (ruling)", () => {
    const r = meleeBlast(crowd, "ab", "B");
    expect(r.ok && [...r.targets].sort()).toEqual(["b1", "bc"]);
    const dflt = meleeBlast(crowd, "ab");
    expect(dflt.ok && dflt.zone).toBe("A");
  });

  it("FAC-38 a ranged blast hits any zone within range, and the attacker too when aimed at its own zone", () => {
    const own = rangedBlast(crowd, "a", "A", 0, true, scriptedRoller([]));
    expect(own.ok && [...own.targets].sort()).toEqual(["a", "ab"]);
    const there = rangedBlast(crowd, "a", "C", 2, true, scriptedRoller([]));
    expect(there.ok && [...there.targets].sort()).toEqual(["bc", "c1"]);
    const tooFar = rangedBlast(crowd, "a", "C", 1, true, scriptedRoller([]));
    expect(!tooFar.ok && tooFar.key).toBe("FRAY.Refusal.BlastOutOfRange");
    expect(!tooFar.ok && tooFar.clause).toBe("FAC-38");
  });

  it("FAC-39 a missed ranged blast deviates to a neighbouring zone numbered in order and picked with a die", () => {
    // B's neighbours are A, C, D: a d3 showing 2 sends the blast into C
    const roller = scriptedRoller([2]);
    const r = rangedBlast(crowd, "a", "B", 3, false, roller);
    expect(r).toEqual({ ok: true, zone: "C", targets: ["bc", "c1"], deviation: { aimedAt: "B", roll: 2, sides: 3 } });
    expect(roller.used).toBe(1);
    // a d3 showing 1 sends it back into the attacker's own zone, where it hits the attacker too
    const back = rangedBlast(crowd, "a", "B", 3, false, scriptedRoller([1]));
    expect(back.ok && [...back.targets].sort()).toEqual(["a", "ab"]);
  });

  it("FAC-39 the neighbouring zones are numbered in the map's order with their targets", () => {
    expect(blastNeighbours(crowd, "B")).toEqual([
      { zone: "A", targets: ["a", "ab"] },
      { zone: "C", targets: ["bc", "c1"] },
      { zone: "D", targets: ["d1"] },
    ]);
    expect(blastNeighbours(crowd, "E")).toEqual([]);
  });

  it("FAC-39 a zone with no neighbours leaves a missed blast nowhere to go: it hits nothing (ruling)", () => {
    const s = zonesWith(who("a", "red", z("E")), who("e", "blue", z("E")));
    const r = rangedBlast(s, "a", "E", 1, false, scriptedRoller([]));
    expect(r.ok && r.targets).toEqual([]);
    expect(MAP.zones.find((x) => x.id === "E")?.neighbours).toEqual([]);
  });

  it("FAC-38 unknown zones, attackers and negative ranges are refused", () => {
    expect(rangedBlast(crowd, "a", "Q", 3, true, scriptedRoller([])).ok).toBe(false);
    expect(rangedBlast(crowd, "nobody", "A", 3, true, scriptedRoller([])).ok).toBe(false);
    expect(rangedBlast(crowd, "a", "A", -1, true, scriptedRoller([])).ok).toBe(false);
    expect(meleeBlast({ map: { zones: [{ id: "A", neighbours: ["B"] }] }, characters: [] }, "a").ok).toBe(false);
  });
});
