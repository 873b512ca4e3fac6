import { describe, expect, it } from "vitest";
import {
  abilityLoad,
  addLoad,
  panicRoll,
  incapacityRoll,
  becomeIncapacitated,
  endTurnIncapacitated,
  endIncapacitation,
  reduceLoad,
  endOfCombat,
  isFrayed,
  isExhausted,
  receiveBuff,
  placeTerrainEffect,
  resolutionOrder,
  byInitiative,
  type StrainCharacter,
  type WritableCharacter,
} from "../../../../src/core/attack/strain/index.js";
import { scriptedRoller } from "../../../../src/core/shared/roller.js";
import { character } from "./fixtures.js";

/** A character's own copy, Status record included, for the rules written into one. */
const own = (c: StrainCharacter): WritableCharacter => ({ ...c, statuses: { ...c.statuses } });

function ok<S>(o: { ok: true; state: S } | { ok: false; reason: string }): S {
  if (!o.ok) throw new Error(o.reason);
  return o.state;
}

describe("strain loads and conditions", () => {
  it(
    "STR-55 an ability that deals Fatigue or Stress deals " + "it once (+1 Load); one that deals neither adds no Load",
    () => {
      expect(abilityLoad("fatigue")).toEqual({ deals: "fatigue", instances: 1 });
      expect(abilityLoad("stress")).toEqual({ deals: "stress", instances: 1 });
      expect(abilityLoad("none").instances).toBe(0);
    },
  );

  it("STR-55 loads rise by 1 per instance and refuse negative instances", () => {
    expect(ok(addLoad(character("c"), "stress", 1)).stressLoad).toBe(1);
    expect(addLoad(character("c"), "stress", -1).ok).toBe(false);
  });

  it("STR-56 Frayed while Stress Load exceeds Stress Tolerance (equal is not Frayed)", () => {
    expect(isFrayed(character("c", { stressLoad: 3, stressTolerance: 3 }))).toBe(false);
    const r = addLoad(character("c", { stressLoad: 3 }), "stress", 1);
    expect(r.ok && r.events.some((e) => e.type === "frayed")).toBe(true);
  });

  it("STR-58 Exhausted while Fatigue Load exceeds Fatigue Tolerance", () => {
    expect(isExhausted(character("c", { fatigueLoad: 3 }))).toBe(false);
    expect(isExhausted(character("c", { fatigueLoad: 4 }))).toBe(true);
  });

  it("STR-57 Panic Roll: 2d6 + Resolve must exceed Stress Load; a tie fails", () => {
    const c = character("c", { stressLoad: 5, stressTolerance: 3, resolve: 1, fatigueLoad: 1 });
    const pass = panicRoll(c, scriptedRoller([3, 2]));
    expect(pass.ok && pass.state).toEqual(c);
    const fail = ok(panicRoll(c, scriptedRoller([2, 2])));
    expect(fail).toMatchObject({ stressLoad: 0, fatigueLoad: 6, stressTolerance: 2, statuses: { stunned: 1 } });
    expect(panicRoll(character("d"), scriptedRoller([])).ok).toBe(false);
  });

  it("STR-60 Incapacity Roll: 2d6 + Resilience must exceed Fatigue Load; a tie incapacitates", () => {
    const c = character("c", { fatigueLoad: 5, resilience: 1 });
    expect(ok(incapacityRoll(c, scriptedRoller([3, 2]), "test")).incapacitated).toBe(false);
    expect(ok(incapacityRoll(c, scriptedRoller([2, 2]), "test")).incapacitated).toBe(true);
  });

  it("STR-61 STR-62 on becoming Incapacitated the Stance ends and Fatigue Tolerance and Load drop by 1", () => {
    const c = own(character("c", { fatigueLoad: 5, fatigueTolerance: 3 }));
    becomeIncapacitated(c, null);
    expect(c).toMatchObject({ incapacitated: true, stance: null, fatigueLoad: 4, fatigueTolerance: 2 });
  });

  it("STR-61 Statuses and Buffs remain on becoming Incapacitated", () => {
    const c = own(character("c", { fatigueLoad: 5, statuses: { slowed: 2 }, buff: "ward" }));
    becomeIncapacitated(c, null);
    expect(c).toMatchObject({ statuses: { slowed: 2 }, buff: "ward" });
  });

  it("STR-62 at the end of each Incapacitated turn both drop by 1 again", () => {
    const c = character("c", { incapacitated: true, fatigueLoad: 4, fatigueTolerance: 2 });
    expect(ok(endTurnIncapacitated(c))).toMatchObject({ fatigueLoad: 3, fatigueTolerance: 1, wounds: 0 });
  });

  it("STR-63 ending a turn Incapacitated at Fatigue Tolerance 0 takes a Wound", () => {
    const c = character("c", { incapacitated: true, fatigueLoad: 4, fatigueTolerance: 0 });
    expect(ok(endTurnIncapacitated(c)).wounds).toBe(1);
    const one = character("c", { incapacitated: true, fatigueLoad: 4, fatigueTolerance: 1 });
    expect(ok(endTurnIncapacitated(one)).wounds).toBe(0);
    expect(ok(endTurnIncapacitated(one, { woundCheck: "afterDrop" })).wounds).toBe(1);
  });

  it("STR-64 the third Wound removes the character from combat", () => {
    const c = character("c", { incapacitated: true, fatigueLoad: 4, fatigueTolerance: 0, wounds: 2 });
    const r = endTurnIncapacitated(c);
    expect(r.ok && r.state.removed).toBe(true);
    expect(r.ok && r.events.some((e) => e.type === "removedFromCombat")).toBe(true);
  });

  it("STR-65 incapacitation ends when Fatigue Load reaches 0, by Resuscitate, or by an ability", () => {
    const c = character("c", { incapacitated: true, fatigueLoad: 1, fatigueTolerance: 2 });
    expect(ok(endTurnIncapacitated(c)).incapacitated).toBe(false);
    expect(ok(reduceLoad({ ...c, fatigueLoad: 2 }, "fatigue", 2)).incapacitated).toBe(false);
    expect(ok(endIncapacitation(c, "resuscitate")).incapacitated).toBe(false);
    expect(endIncapacitation(character("d"), "ability").ok).toBe(false);
    const gone = endIncapacitation({ ...c, removed: true }, "resuscitate");
    expect(!gone.ok && gone.key).toBe("FRAY.Refusal.CannotReviveRemoved");
    expect(reduceLoad(c, "fatigue", -1).ok).toBe(false);
  });

  it("STR-05 at End of Combat Loads reset to 0 and Tolerances carry forward", () => {
    const c = character("c", { fatigueLoad: 2, stressLoad: 4, fatigueTolerance: 2, stressTolerance: 1, buff: "ward" });
    expect(ok(endOfCombat(c))).toMatchObject({
      fatigueLoad: 0,
      stressLoad: 0,
      fatigueTolerance: 2,
      stressTolerance: 1,
      buff: null,
    });
  });

  it("STR-66 Incapacitated characters return at once unless Fatigue Tolerance is 0", () => {
    expect(
      ok(endOfCombat(character("c", { incapacitated: true, fatigueLoad: 3, fatigueTolerance: 1 }))).incapacitated,
    ).toBe(false);
    const zero = character("c", { incapacitated: true, fatigueLoad: 3, fatigueTolerance: 0 });
    expect(ok(endOfCombat(zero)).incapacitated).toBe(true);
    expect(ok(endOfCombat(zero, { reviveAtZeroTolerance: true })).incapacitated).toBe(false);
  });

  it("STR-67 Wounds and reduced Tolerances persist after combat", () => {
    const c = character("c", { wounds: 2, fatigueTolerance: 1, stressTolerance: 2 });
    expect(ok(endOfCombat(c))).toMatchObject({ wounds: 2, fatigueTolerance: 1, stressTolerance: 2 });
  });
});

describe("buffs, terrain effects and triggers", () => {
  it("STR-51 a target benefits from one Buff: it ends the old one or declines the new one", () => {
    const c: StrainCharacter = ok(receiveBuff(character("c"), "ward", "declineNew"));
    expect(c.buff).toBe("ward");
    expect(ok(receiveBuff(c, "haste", "declineNew")).buff).toBe("ward");
    expect(ok(receiveBuff(c, "haste", "endOld")).buff).toBe("haste");
  });

  it("STR-50 a new Terrain Effect removes its creator's previous one, not others'", () => {
    let fx = ok(placeTerrainEffect({}, "a", "fog"));
    fx = ok(placeTerrainEffect(fx, "b", "ice"));
    const r = placeTerrainEffect(fx, "a", "fire");
    expect(r.ok && r.state).toEqual({ a: "fire", b: "ice" });
    expect(r.ok && r.events[0]).toEqual({ type: "terrainEffectRemoved", creator: "a", effect: "fog" });
  });

  it("STR-53 effects from a common trigger resolve in initiative order from the top", () => {
    const order = byInitiative([
      { id: "low", owner: "x", initiative: 5, sets: [] },
      { id: "high", owner: "y", initiative: 11, sets: [] },
      { id: "mid", owner: "z", initiative: 8, sets: [] },
    ]).map((e) => e.id);
    expect(order).toEqual(["high", "mid", "low"]);
  });

  it("STR-54 STR-52 an effect set off by another resolves first, last-in-first-out", () => {
    const order = resolutionOrder([
      {
        id: "A",
        owner: "a",
        initiative: 10,
        sets: [{ id: "B", owner: "b", initiative: 3, sets: [{ id: "C", owner: "c", initiative: 1, sets: [] }] }],
      },
      { id: "D", owner: "d", initiative: 4, sets: [] },
    ]);
    expect(order).toEqual(["C", "B", "A", "D"]);
  });
});
